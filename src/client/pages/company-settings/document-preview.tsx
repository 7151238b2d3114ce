import type { CSSProperties } from 'react';
import { OrderDocument, type OrderDocumentData } from '../../../shared/document';
import { A4_HEIGHT_PX, A4_WIDTH_PX, usePreviewScale } from './preview-scale';
import './preview-fonts';
import './document-preview.css';

/**
 * The document as it will print, on an A4 sheet scaled to the width it is given. The sheet is laid out
 * at full A4 size and shrunk with a transform, so the preview wraps text exactly as the PDF does.
 */
export function DocumentPreview({ data, label }: { data: OrderDocumentData; label: string }) {
  const { ref, scale } = usePreviewScale<HTMLDivElement>();
  const frame = { height: A4_HEIGHT_PX * scale } as CSSProperties;
  const sheet = {
    width: A4_WIDTH_PX,
    height: A4_HEIGHT_PX,
    transform: `scale(${scale})`,
  } as CSSProperties;
  return (
    <figure className="pdf-preview" aria-label={label}>
      <div ref={ref} className="pdf-preview__frame" style={frame}>
        <div className="pdf-preview__sheet" style={sheet} data-testid="pdf-preview-sheet">
          <OrderDocument data={data} />
        </div>
      </div>
    </figure>
  );
}
