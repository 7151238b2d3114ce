import { useEffect, useState } from 'react';

/** How far down the page must be before the bar may hide (spec §9: 50 px). */
export const HIDE_AFTER_PX = 50;

/**
 * True when the mobile top bar should be out of view: the page is scrolled more than 50 px and the
 * last movement was downwards. Scrolling up brings it back at once.
 */
export function useHideOnScroll(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let last = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = Math.max(0, window.scrollY);
      const delta = y - last;
      if (y <= HIDE_AFTER_PX) setHidden(false);
      else if (delta > 2) setHidden(true);
      else if (delta < -2) setHidden(false);
      if (Math.abs(delta) > 2 || y <= HIDE_AFTER_PX) last = y;
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [enabled]);

  return hidden;
}
