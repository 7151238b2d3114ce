import { useSyncExternalStore } from 'react';

/**
 * Where toasts are shown while a dialog is open: a slot each dialog keeps between its body and its
 * footer. Floating over the page, a toast covered the dialog's own buttons (Opslaan, Annuleren at
 * the bottom of a sheet on a phone; the right end of the footer on a desktop); in the slot it takes
 * its own room and covers nothing. It is also inside the dialog, which is all a screen reader reads
 * while the dialog is modal. The top-most open dialog wins.
 */
const slots: HTMLElement[] = [];
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

/** Makes `element` the toast slot until the returned function is called (the dialog closes). */
export function registerToastSlot(element: HTMLElement): () => void {
  slots.push(element);
  notify();
  return () => {
    const index = slots.lastIndexOf(element);
    if (index >= 0) slots.splice(index, 1);
    notify();
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const current = () => slots[slots.length - 1] ?? null;

/** The top-most open dialog's toast slot, or null when no dialog is open. */
export function useToastSlot(): HTMLElement | null {
  return useSyncExternalStore(subscribe, current, () => null);
}
