import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

type ButtonLook = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Only an icon, no text: square button. */
  iconOnly?: boolean;
};

/** The button classes, for links that must look like a button: <Link className={buttonClass({...})}>. */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  fullWidth,
  iconOnly,
}: ButtonLook = {}): string {
  return cx(
    'ui-button',
    `ui-button--${variant}`,
    `ui-button--${size}`,
    fullWidth && 'ui-button--full',
    iconOnly && 'ui-button--icon-only',
  );
}

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, disables the button and sets aria-busy. */
  busy?: boolean;
  fullWidth?: boolean;
  /** Icon before the label (replaced by the spinner while busy). */
  icon?: ReactNode;
  /** Icon after the label. */
  iconRight?: ReactNode;
};

export function Button({
  variant = 'primary',
  size = 'md',
  busy = false,
  fullWidth = false,
  icon,
  iconRight,
  type = 'button',
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  const spinnerSize = size === 'sm' ? 14 : 16;
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={cx(buttonClass({ variant, size, fullWidth }), busy && 'is-busy', className)}
    >
      {busy ? (
        <Spinner size={spinnerSize} decorative />
      ) : icon ? (
        <span className="ui-button__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children != null && <span className="ui-button__label">{children}</span>}
      {iconRight && !busy ? (
        <span className="ui-button__icon" aria-hidden="true">
          {iconRight}
        </span>
      ) : null}
    </button>
  );
}

export type IconButtonProps = Omit<ComponentPropsWithRef<'button'>, 'children'> & {
  /** Accessible name, also shown as tooltip. */
  label: string;
  icon: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  busy?: boolean;
};

/** A square button with only an icon; `label` names it for screen readers. */
export function IconButton({
  label,
  icon,
  variant = 'ghost',
  size = 'md',
  busy = false,
  type = 'button',
  disabled,
  className,
  title,
  ...rest
}: IconButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      aria-label={label}
      title={title ?? label}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={cx(buttonClass({ variant, size, iconOnly: true }), className)}
    >
      {busy ? <Spinner size={size === 'sm' ? 14 : 16} decorative /> : <span aria-hidden="true">{icon}</span>}
    </button>
  );
}
