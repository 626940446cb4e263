import '@mantine/core/styles/SegmentedControl.css';
import { SegmentedControl } from '@mantine/core';
import { type CSSProperties, useId } from 'react';

const C = SegmentedControl.classes;

interface PlainSegmentedControlProps<Value extends string> {
  data: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
  'aria-label': string;
  /** Mantine's sizes; sm unless said. */
  size?: 'xs' | 'sm';
  fullWidth?: boolean;
}

/**
 * Mantine's SegmentedControl as plain elements with its classes, without the sliding
 * indicator: the chosen segment's own background (Mantine's look before its indicator is
 * placed) marks it. The indicator measures the page in the task that first draws it, a forced
 * layout of the whole screen (20 to 40 ms on the tablet, 4× that in Lighthouse's count), and
 * again as it settles. Same markup, classes and radio inputs, so it reads and looks the same.
 */
export function PlainSegmentedControl<Value extends string>({
  data,
  value,
  onChange,
  'aria-label': label,
  size,
  fullWidth,
}: PlainSegmentedControlProps<Value>) {
  const name = useId();
  const vars = {
    '--sc-shadow': 'var(--mantine-shadow-xs)',
    ...(size
      ? { '--sc-padding': `var(--sc-padding-${size})`, '--sc-font-size': `var(--mantine-font-size-${size})` }
      : {}),
  } as CSSProperties;
  return (
    <div
      className={`${C.root} mantine-SegmentedControl-root`}
      style={vars}
      role="radiogroup"
      aria-label={label}
      data-full-width={fullWidth || undefined}
      data-with-items-borders
    >
      {data.map((item) => {
        const active = item.value === value;
        const id = `${name}-${item.value}`;
        return (
          <div
            key={item.value}
            className={`${C.control} mantine-SegmentedControl-control`}
            data-active={active || undefined}
          >
            <input
              className={`${C.input} mantine-SegmentedControl-input`}
              type="radio"
              name={name}
              value={item.value}
              id={id}
              checked={active}
              onChange={() => onChange(item.value)}
              data-focus-ring="auto"
            />
            <label
              className={`${C.label} mantine-SegmentedControl-label`}
              data-active={active || undefined}
              htmlFor={id}
            >
              <span className={`${C.innerLabel} mantine-SegmentedControl-innerLabel`}>{item.label}</span>
            </label>
          </div>
        );
      })}
    </div>
  );
}
