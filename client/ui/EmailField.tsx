import { TextInput, type TextInputProps } from '@mantine/core';

/** The email field of every sign-in form: same label, keyboard and hint everywhere. */
export function EmailField({
  value,
  onValueChange,
  ...props
}: Omit<TextInputProps, 'onChange'> & { value: string; onValueChange: (value: string) => void }) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete="email"
      placeholder="you@example.com"
      value={value}
      onChange={(event) => onValueChange(event.currentTarget.value)}
      {...props}
    />
  );
}
