import { createContext, type KeyboardEvent, type ReactNode, useContext, useRef } from 'react';
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

/**
 * A tab list (WAI-ARIA tabs pattern): one tab stop, arrow keys move and select, Home/End jump.
 * On narrow screens the list scrolls sideways and keeps the selected tab in view.
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
  const listRef = useRef<HTMLDivElement>(null);

  const select = (id: string) => {
    onChange(id);
    const el = document.getElementById(tabId(idPrefix, id));
    el?.focus();
    el?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
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
        <div className="ui-tabs__scroller">
          <div
            ref={listRef}
            role="tablist"
            aria-label={ariaLabel}
            className="ui-tabs__list"
            onKeyDown={onKeyDown}
          >
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
