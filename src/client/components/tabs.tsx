import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { cx } from './cx';

export type TabItem = { id: string; label: ReactNode; icon?: ReactNode; disabled?: boolean };

type TabsContextValue = { idPrefix: string; value: string };
const TabsContext = createContext<TabsContextValue | null>(null);

export type TabsProps = {
  tabs: TabItem[];
  value: string;
  onChange: (id: string) => void;
  /** Prefix for the tab and panel ids; give each Tabs on a page its own (default 'tabs'). */
  idPrefix?: string;
  /** Names the tab list for screen readers. */
  ariaLabel?: string;
  /** 'line' (underlined, default) or 'pill' (segmented). */
  variant?: 'line' | 'pill';
  /** TabPanels; they pick up idPrefix and value from here. */
  children?: ReactNode;
  className?: string;
};

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const tabPanelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

/** Which ends of a sideways-scrolling strip hide tabs (a pixel of slack for sub-pixel widths). */
export function hiddenEnds(scrollLeft: number, clientWidth: number, scrollWidth: number) {
  return { start: scrollLeft > 1, end: scrollLeft + clientWidth < scrollWidth - 1 };
}

/**
 * The scrollLeft that shows a tab wholly (with `margin` px to spare at either edge, clear of the
 * scroll hints), moving the strip as little as possible; the current scrollLeft when it already shows.
 */
export function scrollLeftToShow(
  tab: { left: number; width: number },
  strip: { scrollLeft: number; clientWidth: number },
  margin = 0,
): number {
  const start = tab.left - margin;
  const end = tab.left + tab.width + margin;
  if (start < strip.scrollLeft) return Math.max(0, start);
  if (end > strip.scrollLeft + strip.clientWidth) return Math.max(0, end - strip.clientWidth);
  return strip.scrollLeft;
}

/** Room (px) kept between a tab brought into view and the strip's edge: the width of a scroll hint. */
const HINT_ROOM = 36;

/**
 * Keeps track of which ends of the strip hide tabs (for the scroll hints) and brings the selected tab
 * into view, on arrival (a #hash deep link) and on every change, without scrolling the page itself.
 */
function useStripScroll(value: string, idPrefix: string) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [ends, setEnds] = useState({ start: false, end: false });

  const measure = useCallback(() => {
    const el = scrollerRef.current;
    if (!el) return;
    const next = hiddenEnds(el.scrollLeft, el.clientWidth, el.scrollWidth);
    setEnds((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
  }, []);

  useEffect(() => {
    const el = scrollerRef.current;
    if (!el) return;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [measure]);

  useLayoutEffect(() => {
    const el = scrollerRef.current;
    const tab = document.getElementById(tabId(idPrefix, value));
    if (!el || !tab || el.scrollWidth <= el.clientWidth) return;
    const left = scrollLeftToShow({ left: tab.offsetLeft, width: tab.offsetWidth }, el, HINT_ROOM);
    if (left !== el.scrollLeft) el.scrollTo({ left });
    measure();
  }, [value, idPrefix, measure]);

  const page = (direction: -1 | 1) => {
    const el = scrollerRef.current;
    el?.scrollBy({ left: direction * Math.max(80, el.clientWidth * 0.7), behavior: 'smooth' });
  };

  return { scrollerRef, ends, page };
}

/**
 * A tab list (WAI-ARIA tabs pattern): one tab stop, arrow keys move and select, Home/End jump.
 * On narrow screens the list scrolls sideways: a fade with an arrow at each end that hides tabs says
 * so (and scrolls on a tap), and the selected tab is always brought wholly into view.
 */
export function Tabs({
  tabs,
  value,
  onChange,
  idPrefix = 'tabs',
  ariaLabel,
  variant = 'line',
  children,
  className,
}: TabsProps) {
  const { scrollerRef, ends, page } = useStripScroll(value, idPrefix);

  const select = (id: string) => {
    onChange(id);
    // The strip brings the tab into view when the value changes; the page itself stays put.
    document.getElementById(tabId(idPrefix, id))?.focus({ preventScroll: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = tabs.filter((t) => !t.disabled);
    const index = enabled.findIndex((t) => t.id === value);
    let next: TabItem | undefined;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = enabled[(index + 1) % enabled.length];
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp')
      next = enabled[(index - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') next = enabled[0];
    else if (event.key === 'End') next = enabled[enabled.length - 1];
    if (!next) return;
    event.preventDefault();
    select(next.id);
  };

  return (
    <TabsContext.Provider value={{ idPrefix, value }}>
      <div className={cx('ui-tabs', `ui-tabs--${variant}`, className)}>
        <div
          className="ui-tabs__bar"
          data-more-start={ends.start || undefined}
          data-more-end={ends.end || undefined}
        >
          <div ref={scrollerRef} className="ui-tabs__scroller">
            <div role="tablist" aria-label={ariaLabel} className="ui-tabs__list" onKeyDown={onKeyDown}>
              {tabs.map((tab) => {
                const selected = tab.id === value;
                return (
                  <button
                    key={tab.id}
                    type="button"
                    role="tab"
                    id={tabId(idPrefix, tab.id)}
                    aria-selected={selected}
                    aria-controls={tabPanelId(idPrefix, tab.id)}
                    tabIndex={selected ? 0 : -1}
                    disabled={tab.disabled}
                    className={cx('ui-tabs__tab', selected && 'is-selected')}
                    onClick={() => onChange(tab.id)}
                  >
                    {tab.icon ? (
                      <span className="ui-tabs__icon" aria-hidden="true">
                        {tab.icon}
                      </span>
                    ) : null}
                    <span>{tab.label}</span>
                  </button>
                );
              })}
            </div>
          </div>
          {/* Pointer-only hints (keyboard users have the arrow keys): more tabs this way. */}
          <button
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            data-scroll-hint="start"
            className="ui-tabs__more ui-tabs__more--start"
            hidden={!ends.start}
            onClick={() => page(-1)}
          >
            <ChevronLeft />
          </button>
          <button
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            data-scroll-hint="end"
            className="ui-tabs__more ui-tabs__more--end"
            hidden={!ends.end}
            onClick={() => page(1)}
          >
            <ChevronRight />
          </button>
        </div>
        {children}
      </div>
    </TabsContext.Provider>
  );
}

export type TabPanelProps = {
  /** The id of the tab this panel belongs to. */
  id: string;
  /** The selected tab id; defaults to the surrounding Tabs' value. */
  value?: string;
  idPrefix?: string;
  /** Keep the panel in the DOM (hidden) when not selected, preserving its state. */
  keepMounted?: boolean;
  children: ReactNode;
  className?: string;
};

export function TabPanel({ id, value, idPrefix, keepMounted = false, children, className }: TabPanelProps) {
  const ctx = useContext(TabsContext);
  const prefix = idPrefix ?? ctx?.idPrefix ?? 'tabs';
  const current = value ?? ctx?.value;
  const selected = current === id;
  if (!selected && !keepMounted) return null;
  return (
    <div
      role="tabpanel"
      id={tabPanelId(prefix, id)}
      aria-labelledby={tabId(prefix, id)}
      hidden={!selected}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern makes the panel a tab stop.
      tabIndex={0}
      className={cx('ui-tabpanel', className)}
    >
      {children}
    </div>
  );
}
