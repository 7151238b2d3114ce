import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cx } from '../../components';

/** Shown once the page has scrolled this far down. */
const SHOW_AFTER_PX = 400;

/** A round button in the corner that brings a long settings page back to the top (spec §2). */
export function ScrollToTop() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setVisible(window.scrollY > SHOW_AFTER_PX);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);

  const toTop = () => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    document.getElementById('main')?.focus({ preventScroll: true });
  };

  return (
    <button
      type="button"
      className={cx('settings-top', visible && 'is-visible')}
      onClick={toTop}
      aria-label="Terug naar boven"
      title="Terug naar boven"
      tabIndex={visible ? 0 : -1}
      aria-hidden={!visible || undefined}
    >
      <ArrowUp size={20} aria-hidden="true" />
    </button>
  );
}
