import { type CSSProperties, useId } from 'react';
import { OrderDocument, type OrderDocumentData } from '../../../shared/document';
import { PDF_TEMPLATE_LABELS, PDF_TEMPLATES, type PdfTemplate } from '../../../shared/schemas/pdf-settings';
import { cx } from '../../components';
import { A4_WIDTH_PX, usePreviewScale } from './preview-scale';

const DESCRIPTIONS: Record<PdfTemplate, string> = {
  classic: 'Briefhoofd met lijn, gekleurde tabelkop',
  modern: 'Gekleurde band bovenaan',
  minimal: 'Veel wit, alleen accenten',
};

/**
 * The three templates as cards, each with a small picture of the document in it: native radio buttons,
 * so arrows move the choice and Tab enters and leaves the group as one stop.
 */
export function TemplatePicker({
  value,
  onChange,
  sample,
  error,
}: {
  value: PdfTemplate;
  onChange: (template: PdfTemplate) => void;
  /** The sample document in the current colours and font; each card draws it in its own template. */
  sample: OrderDocumentData;
  error?: string;
}) {
  const name = `template-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <fieldset className="pdf-templates" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="ui-label pdf-templates__legend">Template</legend>
      <div className="pdf-templates__cards">
        {PDF_TEMPLATES.map((template) => (
          <label key={template} className={cx('pdf-template', value === template && 'is-selected')}>
            <input
              type="radio"
              name={name}
              value={template}
              checked={value === template}
              onChange={() => onChange(template)}
              className="pdf-template__radio"
            />
            <Thumbnail data={{ ...sample, settings: { ...sample.settings, template } }} />
            <span className="pdf-template__text">
              <span className="pdf-template__name">{PDF_TEMPLATE_LABELS[template]}</span>
              <span className="pdf-template__description">{DESCRIPTIONS[template]}</span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${name}-error`} className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The document at full A4 width, scaled down to the card: the picture is the real layout. */
function Thumbnail({ data }: { data: OrderDocumentData }) {
  const { ref, scale } = usePreviewScale<HTMLSpanElement>();
  const sheet = { width: A4_WIDTH_PX, transform: `scale(${scale})` } as CSSProperties;
  return (
    <span ref={ref} className="pdf-template__thumb" aria-hidden="true" inert>
      <span className="pdf-template__sheet" style={sheet}>
        <OrderDocument data={data} />
      </span>
    </span>
  );
}
