/**
 * What the order form is for the person who opens it: writing a new order, changing one, or only
 * reading one. Every role may read an order (lines, totals, delivery, notes, who wrote it) and
 * download its PDF; only the roles that do the daily work may write or change one. A role that may
 * not write gets, on /nieuwe-order, the page that says which role it takes: there is nothing to read.
 */
export type OrderFormMode = 'create' | 'edit' | 'read' | 'refused';

/** `editing`: the route names an order; `refused`: the role is known and may not do the daily work. */
export function orderFormMode({ editing, refused }: { editing: boolean; refused: boolean }): OrderFormMode {
  if (editing) return refused ? 'read' : 'edit';
  return refused ? 'refused' : 'create';
}

/** The page's title and the line under it, per mode. */
export const ORDER_FORM_HEADINGS: Record<OrderFormMode, { title: string; description: string }> = {
  create: {
    title: 'Nieuwe Inkooporder',
    description: 'Vul de gegevens en de orderregels in. Velden met * zijn verplicht.',
  },
  refused: {
    title: 'Nieuwe Inkooporder',
    description: 'Vul de gegevens en de orderregels in. Velden met * zijn verplicht.',
  },
  edit: { title: 'Inkooporder bewerken', description: 'Pas de order aan; het ordernummer blijft hetzelfde.' },
  read: { title: 'Inkooporder bekijken', description: 'U kunt deze order lezen en als PDF downloaden.' },
};
