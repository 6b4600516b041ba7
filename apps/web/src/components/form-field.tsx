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
