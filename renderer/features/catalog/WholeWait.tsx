import { SafeText } from '../../components/SafeText';
import type { WholeTool } from './whole-tool';

/** In place of what needs a tool whole while it is read (said only when slow to come), or why it could not be. */
export function WholeWait({ whole }: { whole: WholeTool }) {
  return (
    <div className={whole.error ? 'warn small' : 'muted small whole-wait'} data-testid="tool-whole-wait" role="status">
      {whole.error ? (
        <SafeText text={`The tool's definition could not be read: ${whole.error}`} />
      ) : (
        'Reading the whole definition…'
      )}
    </div>
  );
}
