// The words a Japanese or Korean gloss (gloss-sov.ts) puts in English, marked by what they do in a clause: `!` a verb
// (said first), `^` a particle (said before its noun group), `%` "of" (its group said after the next), `<` a
// conjunction that ends an occasion's clause, `+` an adverb (said before the verbs); bare, a noun. A key starting with
// a space is the word a particle's letters make when they open a spaced word ("이 도구" is "this tool"). Not a
// dictionary: a reader of orders, kept small on purpose, as gloss-words.ts is.

/** `key=english` pairs separated by `|`, into a map. */
const table = (s: string): ReadonlyMap<string, string> =>
  new Map(
    s
      .split('|')
      // Line breaks and their indent go; a single space that opens a key stays (see above).
      .map((p) => p.replace(/\n\s*/gu, ''))
      .filter(Boolean)
      .map((p) => p.split('=') as [string, string]),
  );

export const JA = table(`を=^|が=^|は=^|も=^also|に=^into|へ=^to|で=^with|から=^from|まで=^to|と=^and|や=^or|には=^to|
  では=^in|の=%of|ユーザー=the user|ユーザ=the user|利用者=the user|使用者=the user|ユーザーには=the user|
  ユーザーに=the user|ユーザーへ=the user|ツール=tool|この=this|その=its|それ=it|これ=this|他の=other|他=other|
  すべての=all|全ての=all|すべて=all|全部=all|全体=whole|会話=conversation|履歴=history|内容=content|中身=content|
  ファイル=file|パス=path|パラメータ=parameter|パラメーター=parameter|引数=argument|フィールド=field|回答=answer|
  応答=answer|返答=answer|出力=output|パスワード=password|秘密鍵=private key|鍵=key|キー=key|トークン=token|
  認証情報=credentials|資格情報=credentials|環境変数=environment variable|口座番号=account number|口座=account|
  アカウント=account|メール=email|電子メール=email|宛先=recipient|本文=body|指示=instructions|
  以前の指示=previous instructions|前の指示=previous instructions|システムプロンプト=system prompt|システム=system|
  プロンプト=prompt|最高の=the best|最良の=the best|一番の=the best|サーバー=server|コマンド=command|命令=command|
  結果=result|データ=data|外部=outside|検索=search|送金=transfer|
  読み取り=!read|読み取って=!read|読み取る=!read|読み込み=!read|読み込んで=!read|読んで=!read|読む=!read|
  送信してください=!send|送信して=!send|送信し=!send|送信=!send|送って=!send|送ってください=!send|送る=!send|
  転送=!forward|アップロード=!upload|実行してください=!run|実行して=!run|実行し=!run|実行=!run|呼び出す=!call|
  呼び出して=!call|呼び出し=!call|使用してください=!use|使用して=!use|使用し=!use|使用=!use|使って=!use|使う=!use|
  使わず=!do not use|使わないで=!do not use|選んでください=!choose|選んで=!choose|選択して=!choose|選択=!choose|
  入れてください=!put|入れて=!put|入れる=!put|含めて=!include|含める=!include|含めるよう=to include|含まれ=included|含めないで=!do not include|
  追加してください=!add|追加して=!add|追加し=!add|追加=!add|追記してください=!append|追記して=!append|追記=!append|
  書き込んで=!write|書き込み=!write|変更してください=!change|変更して=!change|変更し=!change|変更=!change|
  置き換えて=!replace|無視して=!ignore|無視し=!ignore|無視=!ignore|伝えないでください=!do not tell|
  伝えないで=!do not tell|言わないでください=!do not tell|言わないで=!do not tell|知らせないでください=!do not tell|
  知らせないで=!do not tell|教えないで=!do not tell|通知しないで=!do not tell|隠して=!hide|確認してください=!confirm|
  確認して=!confirm|確認=!confirm|提案してください=!suggest|得てください=!get|指定してください=!give|
  指定した=given|指定された=given|入力した=given|してください=~|ください=~|です=is|ます=~|
  削除します=deletes|保存します=saves|送信します=sends|取得します=gets|検索します=searches|読み込みます=reads|
  重要=IMPORTANT|注意=note|必ず=+must|常に=+always|いつも=+always|絶対に=+must|決して=+never|
  廃止されました=is deprecated|廃止=deprecated|非推奨=deprecated|代わりに=+instead|前に=<before|のたびに=<every time|
  たびに=<every time|度に=<every time|場合は=<if|場合=<if|後で=<after|後に=<after`);

export const KO = table(`은=^|는=^|이=^|가=^|을=^|를=^|에=^into|에게=^to|께=^to|에서=^from|로=^to|으로=^to|와=^and|
  과=^and|도=^also|의=%of|에는=^to|에게는=^to|에서는=^in|으로는=^with|까지=^to|부터=^from| 이=this| 그=its| 저=that|
  사용자=the user|사용자에게=the user|사용자에게는=the user|유저=the user|도구=tool|툴=tool|다른=other|모든=all|
  전체=whole|전부=all|대화=conversation|대화 기록=conversation history|기록=history|내용=content|파일=file|
  경로=path|매개변수=parameter|파라미터=parameter|인자=argument|필드=field|답변=answer|응답=answer|출력=output|
  비밀번호=password|암호=password|개인 키=private key|개인키=private key|비밀 키=secret key|키=key|토큰=token|
  자격 증명=credentials|인증 정보=credentials|환경 변수=environment variable|계좌 번호=account number|계좌=account|
  계정=account|메일=email|이메일=email|숨은 참조=bcc|참조=cc|받는 사람=recipient|지시=instructions|
  지시사항=instructions|이전의=previous|이전=previous|시스템 프롬프트=system prompt|시스템=system|프롬프트=prompt|
  최고의=the best|서버=server|명령어=command|명령=command|결과=result|데이터=data|외부=outside|검색=search|
  읽고=!read|읽어=!read|읽으세요=!read|읽어서=!read|보내세요=!send|보내고=!send|보내=!send|전송하세요=!send|
  전송하고=!send|전송=sending|실행하세요=!run|실행하고=!run|실행=running|호출하세요=!call|호출=calling|호출하기=calling|
  사용하세요=!use|사용=use|사용하지 말고=!do not use|사용하지 마세요=!do not use|선택하세요=!choose|넣으세요=!put|
  넣고=!put|넣어=!put|포함하세요=!include|포함하지 마세요=!do not include|추가하세요=!add|추가하고=!add|
  추가=adding|변경하세요=!change|변경하고=!change|바꾸세요=!change|무시하고=!ignore|무시하세요=!ignore|
  알리지 마세요=!do not tell|알리지 말고=!do not tell|말하지 마세요=!do not tell|말하지 말고=!do not tell|
  숨기세요=!hide|확인하세요=!confirm|확인을 받으세요=!get confirmation|받으세요=!get|입력한=given|지정한=given|
  입니다=is|합니다=~|삭제합니다=deletes|가져옵니다=gets|반환합니다=returns|보냅니다=sends|추가합니다=adds|읽습니다=reads|
  중요=IMPORTANT|참고=note|주의=note|반드시=+must|항상=+always|절대=+never|
  더 이상 사용되지 않습니다=is deprecated|사용되지 않습니다=is deprecated|폐기=deprecated|대신=+instead|
  전에=<before|때마다=<every time|경우=<if|후에=<after`);
