import { useEffect, useState } from 'react';

/** Spec §9: 50 pieces, moved every 50 ms. */
export const CONFETTI_PIECES = 50;
export const CONFETTI_TICK_MS = 50;
/** How long pieces keep falling before the burst ends (the last ones fade out). */
export const CONFETTI_DURATION_MS = 4000;

const COLORS = ['#1e40af', '#3b82f6', '#16a34a', '#f59e0b', '#ef4444', '#a855f7', '#06b6d4'];

type Piece = {
  id: number;
  /** Position in % of the viewport. */
  x: number;
  y: number;
  vx: number;
  vy: number;
  rotation: number;
  spin: number;
  width: number;
  height: number;
  color: string;
  round: boolean;
};

function createPieces(random: () => number = Math.random): Piece[] {
  return Array.from({ length: CONFETTI_PIECES }, (_, id) => ({
    id,
    x: 10 + random() * 80,
    y: -2 - random() * 28,
    vx: (random() - 0.5) * 0.7,
    vy: 0.9 + random() * 1.1,
    rotation: random() * 360,
    spin: (random() - 0.5) * 24,
    width: 6 + random() * 6,
    height: 8 + random() * 8,
    color: COLORS[id % COLORS.length] ?? '#1e40af',
    round: random() < 0.25,
  }));
}

/** One tick: fall with a little gravity and sway. */
export function stepPieces(pieces: Piece[], tick: number): Piece[] {
  return pieces.map((p) => ({
    ...p,
    x: p.x + p.vx + Math.sin((tick + p.id) / 6) * 0.15,
    y: p.y + p.vy,
    vy: Math.min(p.vy + 0.03, 2.6),
    rotation: p.rotation + p.spin,
  }));
}

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

/**
 * A short burst of confetti over the page (the e-mail verification success, spec §2). Positions
 * are updated every 50 ms; it stops by itself after a few seconds and never runs when the user asked
 * the system for reduced motion. Purely decorative: hidden from assistive technology and clicks.
 */
export function Confetti({ durationMs = CONFETTI_DURATION_MS }: { durationMs?: number }) {
  const [reduced] = useState(prefersReducedMotion);
  const [pieces, setPieces] = useState<Piece[] | null>(() => (reduced ? null : createPieces()));
  const [fading, setFading] = useState(false);

  useEffect(() => {
    if (reduced) return;
    let tick = 0;
    const interval = window.setInterval(() => {
      tick += 1;
      setPieces((current) => (current ? stepPieces(current, tick) : current));
    }, CONFETTI_TICK_MS);
    const fade = window.setTimeout(() => setFading(true), Math.max(0, durationMs - 600));
    const stop = window.setTimeout(() => {
      window.clearInterval(interval);
      setPieces(null);
    }, durationMs);
    return () => {
      window.clearInterval(interval);
      window.clearTimeout(fade);
      window.clearTimeout(stop);
    };
  }, [reduced, durationMs]);

  if (!pieces) return null;
  return (
    <div className={fading ? 'auth-confetti is-fading' : 'auth-confetti'} aria-hidden="true">
      {pieces.map((p) => (
        <span
          key={p.id}
          className="auth-confetti__piece"
          style={{
            width: p.width,
            height: p.round ? p.width : p.height,
            borderRadius: p.round ? '50%' : 2,
            background: p.color,
            transform: `translate3d(${p.x}vw, ${p.y}vh, 0) rotate(${p.rotation}deg)`,
          }}
        />
      ))}
    </div>
  );
}
