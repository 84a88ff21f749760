import { formatDate, formatTime, type TimeInput } from '@platform/domain';

/** A Beijing date over its time: keeps a table's time column narrow enough for a 1280-pixel screen. */
export function StackedDateTime({ value }: { value: TimeInput }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {formatDate(value)}
      <br />
      {formatTime(value)}
    </span>
  );
}
