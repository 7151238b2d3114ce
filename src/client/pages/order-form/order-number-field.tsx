import { TriangleExclamationPoint } from 'lucide-react';
import { TextField } from '../../components';
import { trpc } from '../../lib/trpc';
import { orderNumberPreview } from './order-number-preview';

/**
 * Ordernummer of a new order: disabled, showing the preview of the next number (spec §4). The
 * settings are only fetched when the preview call fails. Once saved, the number the server gave.
 */
export function OrderNumberField({ savedNumber }: { savedNumber?: string }) {
  const next = trpc.orderSettings.nextNumber.useQuery(undefined, {
    staleTime: 0,
    refetchOnMount: 'always',
    enabled: !savedNumber,
  });
  const needsSettings = next.isError || (next.isSuccess && !next.data.nextNumber);
  const settings = trpc.orderSettings.get.useQuery(undefined, { enabled: needsSettings, retry: 1 });
  const preview = orderNumberPreview(
    { status: next.status, data: next.data },
    { status: needsSettings ? settings.status : 'pending', data: settings.data },
  );
  if (savedNumber) {
    return <TextField id="order-number" label="Ordernummer" value={savedNumber} disabled readOnly />;
  }
  return (
    <TextField
      id="order-number"
      label="Ordernummer"
      value={preview.value}
      placeholder={preview.loading ? 'Laden...' : undefined}
      disabled
      readOnly
      aria-busy={preview.loading || undefined}
      hint={
        preview.problems.length > 0 ? (
          <span className="order-number__problems">
            {preview.problems.map((problem) => (
              <span key={problem} className="order-number__problem">
                <TriangleExclamationPoint size={13} aria-hidden="true" />
                <span>{problem}</span>
              </span>
            ))}
          </span>
        ) : (
          'Definitief nummer volgt bij het opslaan.'
        )
      }
    />
  );
}
