import { useLayoutEffect, useRef, useState } from 'react';

/** An A4 sheet in CSS pixels (96 per inch): 210 × 297 mm. */
export const A4_WIDTH_PX = (210 / 25.4) * 96;
export const A4_HEIGHT_PX = (297 / 25.4) * 96;

/** How far a sheet `pageWidth` wide is scaled to fill `available` pixels: never up, never to nothing. */
export function previewScale(available: number, pageWidth: number = A4_WIDTH_PX): number {
  if (!(available > 0) || !(pageWidth > 0)) return 0;
  return Math.min(1, available / pageWidth);
}

/** The scale that fits an A4 sheet into the element's content width, following every resize. */
export function usePreviewScale<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [scale, setScale] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScale(previewScale(element.clientWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, scale };
}
