import { forwardRef, type ButtonHTMLAttributes } from 'react';

/**
 * A button that lets something through (allow, send, open), shown unarmed — dimmed and
 * aria-disabled — until its dialog's arm delay has passed (`useArmed`). Its handler still checks
 * `armed` itself: this draws the state, the handler keeps the rule.
 */
export const ArmedButton = forwardRef<HTMLButtonElement, { armed: boolean } & ButtonHTMLAttributes<HTMLButtonElement>>(
  function ArmedButton({ armed, className, ...rest }, ref) {
    const classes = [className, armed ? '' : 'unarmed'].filter(Boolean).join(' ');
    return <button ref={ref} aria-disabled={!armed} {...rest} className={classes} />;
  },
);
