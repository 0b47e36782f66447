import { parseTarget, printTarget } from '@herald/protocol';
import { useMemo } from 'react';
import { TargetExpressionInput } from '../../targets/TargetExpressionInput.tsx';

/**
 * A calculation's target expression in the target builder. The calculation stores it as text
 * (calculationSchema), so the text is read into the builder's tree and the builder's tree printed back in
 * canonical form; what does not read yet is kept out (empty), which the form then refuses to save.
 */
export function CalculationTargetField({
  value,
  onChange,
  label,
  error,
  showCount = false,
  disabled,
  testId,
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
  error?: string;
  showCount?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  const tree = useMemo(() => {
    const parsed = parseTarget(value);
    return parsed.ok ? parsed.tree : null;
  }, [value]);
  return (
    <div data-testid={testId}>
      <TargetExpressionInput
        value={tree}
        onChange={(next) => onChange(next ? printTarget(next) : '')}
        label={label}
        error={error}
        showCount={showCount}
        disabled={disabled}
      />
    </div>
  );
}
