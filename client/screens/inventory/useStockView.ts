import { useQuery } from '@tanstack/react-query';
import { INVENTORY_TEXT } from '../../../shared/texts/inventory';
import { useReportedMutation } from '../../ui/outcome';
import type { Procedure, QueryOptionsOf } from '../../ui/procedures';
import { useLastShown } from '../../ui/useLastShown';
import { useRefreshInventory } from './inventory';

/** What the screen does when a view dialog closes, or its Edit is pressed. */
export interface ViewActions<Row> {
  onClose: () => void;
  /** Called after the view has closed, to open the form. */
  onEdit: (row: Row) => void;
}

/** `trpc.inventory` or `trpc.cakes`: a record by id, and its delete. */
interface StockProcedures<Row> {
  get: { queryOptions: (input: { id: number }) => QueryOptionsOf<Row> };
  delete: Procedure<{ id: number }>;
}

/**
 * An item's or a cake's view dialog: the row as the table had it, then the server's
 * fresh copy; kept while the dialog fades out; Edit, and Delete with its toasts. Null
 * before anything was shown. Spread `dialog` into RecordView.
 */
export function useStockView<Row extends { id: number; name: string }>(
  row: Row | null,
  procedures: StockProcedures<Row>,
  deleted: string,
  { onClose, onEdit }: ViewActions<Row>,
) {
  const refresh = useRefreshInventory();
  const shown = useLastShown(row);
  const fresh = useQuery({ ...procedures.get.queryOptions({ id: shown?.id ?? 0 }), enabled: row !== null });
  const texts = { success: deleted, failure: INVENTORY_TEXT.deleteFailed };
  const removal = useReportedMutation(procedures.delete, texts, () => {
    refresh();
    onClose();
  });
  const current = (row && fresh.data?.id === row.id ? { ...row, ...fresh.data } : null) ?? shown;
  if (!current) return null;
  return {
    current,
    dialog: {
      opened: row !== null,
      onClose,
      name: current.name,
      onEdit: () => {
        onClose();
        onEdit(current);
      },
      onDelete: () => removal.mutate({ id: current.id }),
      deleting: removal.isPending,
    },
  };
}
