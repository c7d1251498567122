import { useLinkAsk, type LinkAsk } from '../api/open-link';
import { AskFrame } from './AskFrame';
import { SafeText } from './SafeText';
import { useArmed } from './use-armed';
import { ArmedButton } from './ArmedButton';

/**
 * The page's question before it opens an address (browser mode): the whole URL and its host; Escape and Cancel open
 * nothing.
 */
export function LinkConfirm() {
  const ask = useLinkAsk((s) => s.ask);
  return ask ? <Ask key={ask.url} ask={ask} /> : null;
}

function Ask({ ask }: { ask: LinkAsk }) {
  const { armed, safeRef } = useArmed<HTMLButtonElement>();
  const host = URL.canParse(ask.url) ? new URL(ask.url).host : '(not a valid address)';
  return (
    <AskFrame
      id="link-confirm-title"
      title="Open this address in your browser?"
      onEscape={() => ask.answer(false)}
      data={{ 'data-testid': 'link-confirm', 'data-armed': armed }}
      footer={
        <div className="row gap end">
          <span className="spacer" />
          <button ref={safeRef} onClick={() => ask.answer(false)} data-testid="link-confirm-cancel">
            Cancel
          </button>
          <ArmedButton
            armed={armed}
            className="primary"
            onClick={() => armed && ask.answer(true)}
            data-testid="link-confirm-open"
          >
            Open
          </ArmedButton>
        </div>
      }
    >
      <p>
        Host: <strong data-testid="link-confirm-host">{host}</strong>
      </p>
      <pre className="code args" data-testid="link-confirm-url">
        <SafeText text={ask.url} />
      </pre>
    </AskFrame>
  );
}
