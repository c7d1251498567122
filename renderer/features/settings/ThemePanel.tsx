import { chooseTheme, useThemeChoice, type ThemeChoice } from '../../components/use-color-scheme';
import './settings.css';

const CHOICES: Array<[ThemeChoice, string, string]> = [
  ['system', 'As the system', 'theme-system'],
  ['light', 'Light', 'theme-light'],
  ['dark', 'Dark', 'theme-dark'],
];

/**
 * Light or dark: the system's scheme (the default, followed as it changes) or the person's choice. Kept in this
 * browser.
 */
export function ThemePanel() {
  const choice = useThemeChoice();
  return (
    <section className="theme-choice" data-testid="settings-theme">
      <h2>Theme</h2>
      <div role="radiogroup" aria-label="Theme" className="row gap wrap">
        {CHOICES.map(([value, label, testId]) => (
          <label key={value}>
            <input
              type="radio"
              name="theme"
              value={value}
              checked={choice === value}
              onChange={() => chooseTheme(value)}
              data-testid={testId}
            />{' '}
            {label}
          </label>
        ))}
      </div>
      <p className="muted small">
        As the system (the default) follows your system&apos;s light or dark setting as it changes; the editor and MCP
        App views follow the choice too. Kept in this browser.
      </p>
    </section>
  );
}
