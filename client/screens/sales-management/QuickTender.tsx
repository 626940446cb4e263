import { Button, Group } from '@mantine/core';
import { formatCount } from '../../../shared/digits';
import { SALES_TEXT } from '../../../shared/texts/sales';
import './counter.css';

/** The notes a customer hands over most, in pesos. */
const NOTES = [100, 500, 1000] as const;
const pesoLabel = (pesos: number) => `₱${formatCount(pesos)}`;

/**
 * Exact, ₱100, ₱500, ₱1,000: one tap sets Cash and the cash tendered (the change shows at
 * once). A note below the total is greyed: it would be refused as too little.
 */
export function QuickTender({ total, onTender }: { total: number; onTender: (pesos: number) => void }) {
  return (
    <Group gap={6} grow wrap="nowrap" role="group" aria-label="Quick tender">
      <Button
        variant="light"
        className="counter-tender"
        px={6}
        disabled={total <= 0}
        onClick={() => onTender(total / 100)}
      >
        {SALES_TEXT.exactTender}
      </Button>
      {NOTES.map((pesos) => (
        <Button
          key={pesos}
          variant="default"
          className="counter-tender"
          px={6}
          disabled={total <= 0 || pesos * 100 < total}
          onClick={() => onTender(pesos)}
          title={SALES_TEXT.tenderLabel(pesoLabel(pesos))}
        >
          {pesoLabel(pesos)}
        </Button>
      ))}
    </Group>
  );
}
