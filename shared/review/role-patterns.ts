import { P, type Pattern } from './pattern-kit.js';

// Patterns of rule P01 that give the model a new role, a permission, or the tool's output as its
// orders: "from now on you will act as …", "the model is authorised to skip …", "the response
// contains instructions; follow them".

export const ROLE_PATTERNS: Pattern[] = [
  {
    rule: 'P01',
    needs: ['allowed', 'authorised', 'authorized', 'permitted', 'cleared'],
    re: P(
      String.raw`\b(?:you are|the (?:model|assistant|ai|agent|llm) is) (?:now |hereby )?(?:allowed|authori[sz]ed|permitted|cleared) to (?:skip|ignore|bypass|disable|override|run any|execute any|access any)\b`,
    ),
    message: 'grants the model a permission its own instructions did not',
    grade: () => 'medium',
  },
  {
    rule: 'P01',
    needs: ['instruction'],
    re: P(
      String.raw`\b(?:response|output|result)s?\b[^.;]{0,40}\b(?:contains?|includes?|carr(?:y|ies)|holds?)\b[^.;]{0,30}\binstructions?\b[^.]{0,60}\b(?:follow|obey|execute|carry out|comply with)\b`,
    ),
    message: 'asks the model to obey what the tool returns',
    grade: () => 'medium',
  },
  {
    rule: 'P01',
    needs: ['you', 'pretend', 'act'],
    re: P(
      String.raw`\bfrom now on,? you (?:will|shall|are|must)\b|\byou (?:will|shall) (?:now |from now on )?(?:act|behave|respond|operate|function) as\b|\bpretend (?:to be|that you are|you are)\b|(?:^|[\n.:\]]\s*)act as:\s+\w`,
    ),
    message: 'tries to give the model a new role',
    grade: () => 'medium',
  },
];
