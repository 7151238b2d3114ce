import { Info } from 'lucide-react';
import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import './info-tip.css';

type InfoTipProps = {
  /** What the explanation is about: the button reads 'Uitleg: {subject}'. */
  subject: string;
  children: ReactNode;
};

/**
 * A small (i) button that shows an explanation: on click or tap (touch has no hover), on hover with a
 * mouse, and closed again by Escape, a second click or a click elsewhere. The text appears in a live
 * region, so a screen reader reads it when the button is pressed, and stays out of the way otherwise.
 */
export function InfoTip({ subject, children }: InfoTipProps) {
  const [open, setOpen] = useState(false);
  // Opened by a click or tap: stays open when the mouse leaves.
  const [pinned, setPinned] = useState(false);
  const root = useRef<HTMLSpanElement>(null);
  const bubbleId = useId();
  const bubble = useRef<HTMLSpanElement>(null);
  // Shifted left when it would stick out past the right edge of the screen (a card at 375 px).
  const [shift, setShift] = useState(0);

  // Measured once as it opens, where the bubble sits by itself (closed, the shift is back at 0). Not
  // again for the shift it then gets: on a phone the bubble sticking out widens the page, the shift
  // narrows it back, and a measure after each would swing between the two without end.
  useLayoutEffect(() => {
    const el = bubble.current;
    if (!open || !el) {
      setShift(0);
      return;
    }
    const margin = 8;
    const { left, right } = el.getBoundingClientRect();
    const over = Math.ceil(right - (document.documentElement.clientWidth - margin));
    setShift(Math.max(0, Math.min(over, Math.floor(left - margin))));
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const close = () => {
      setOpen(false);
      setPinned(false);
    };
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <span
      ref={root}
      className="info-tip"
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setOpen(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse' && !pinned) setOpen(false);
      }}
    >
      <button
        type="button"
        className="info-tip__button"
        aria-label={`Uitleg: ${subject}`}
        aria-expanded={open}
        aria-controls={bubbleId}
        onClick={() => {
          setOpen(!pinned);
          setPinned(!pinned);
        }}
      >
        <Info size={14} aria-hidden="true" />
      </button>
      <span
        ref={bubble}
        id={bubbleId}
        role="status"
        className="info-tip__bubble"
        hidden={!open}
        style={shift ? { transform: `translateX(-${shift}px)` } : undefined}
      >
        {open ? children : null}
      </span>
    </span>
  );
}
