import type { ComponentProps, ReactNode } from 'react';

/** A labelled input in the `field` style: the label text above the input, both in one label. */
export function TextField({ label, ...input }: { label: ReactNode } & ComponentProps<'input'>) {
  return (
    <label className="field">
      <span>{label}</span>
      <input {...input} />
    </label>
  );
}

type FieldProps = Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
};

/** The e-mail address someone signs in with. */
export function EmailField({ value, onValueChange, ...input }: FieldProps) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      value={value}
      onChange={(e) => onValueChange(e.target.value)}
      placeholder="you@example.com"
      {...input}
    />
  );
}

/** A password: the one in use (`current`) or one being chosen (`new`), for password managers. */
export function PasswordField({
  label,
  purpose,
  value,
  onValueChange,
  ...input
}: FieldProps & { label: string; purpose: 'current' | 'new' }) {
  return (
    <TextField
      label={label}
      type="password"
      name={purpose === 'new' ? 'new-password' : 'password'}
      autoComplete={`${purpose}-password`}
      value={value}
      onChange={(e) => onValueChange(e.target.value)}
      {...input}
    />
  );
}

/** A form's failure line, read out at once; nothing while there is no message. */
export function FormError({
  message,
  testId,
  className,
}: {
  message: string | null | undefined;
  testId?: string;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className={className ? `form-error ${className}` : 'form-error'}
      data-testid={testId}
    >
      {message}
    </p>
  );
}

/** A success message that takes the focus when it appears, so it is read out and keyboard users start from it. */
export function SuccessNotice({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <div
      className="notice notice-success"
      role="status"
      tabIndex={-1}
      ref={(el) => el?.focus()}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
