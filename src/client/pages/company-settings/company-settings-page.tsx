import { Building, FileText, Landmark, ShieldCheck, Users } from 'lucide-react';
import { useCallback } from 'react';
import type { ProfileScoreField } from '../../../shared/profile-completeness';
import { Notice, PageHeader, RetryButton, type TabItem, TabPanel, Tabs } from '../../components';
import { useAuth } from '../../lib/auth';
import { trpc } from '../../lib/trpc';
import { CompletenessCard } from './completeness-card';
import { FinancialTab } from './financial-tab';
import { LogoCard } from './logo-card';
import { OrderNumberingPanel } from './order-numbering-panel';
import { PdfSettingsPanel } from './pdf-settings-panel';
import { ProfileTab } from './profile-tab';
import { ScrollToTop } from './scroll-to-top';
import { SecurityTab } from './security-tab';
import { SCORE_FIELD_TAB, type SettingsTabId, settingsFieldId, settingsMessages } from './settings-form';
import { TeamTab } from './team-tab';
import { useTabHash } from './use-tab-hash';
import './company-settings.css';

/**
 * Spec §2's four tabs, and Team (the members of the organisation). Document instellingen holds the
 * order numbering panel and the PDF panel.
 */
const TABS: (TabItem & { id: SettingsTabId })[] = [
  { id: 'profiel', label: 'Bedrijfsprofiel', icon: <Building /> },
  { id: 'financieel', label: 'Financiële gegevens', icon: <Landmark /> },
  { id: 'documenten', label: 'Document instellingen', icon: <FileText /> },
  { id: 'beveiliging', label: 'Beveiliging', icon: <ShieldCheck /> },
  { id: 'team', label: 'Team', icon: <Users /> },
];
const TAB_IDS = TABS.map((t) => t.id);

/** /bedrijfsinstellingen (spec §2 Company settings). */
export function CompanySettingsPage() {
  const { user } = useAuth();
  // Always fresh on arrival; the stored user paints the forms meanwhile.
  const query = trpc.auth.profile.useQuery(undefined, { staleTime: 0, refetchOnMount: 'always', retry: 1 });
  const profile = query.data ?? user;
  const [tab, setTab] = useTabHash(TAB_IDS, 'profiel');

  const goToField = useCallback(
    (field: ProfileScoreField) => {
      setTab(SCORE_FIELD_TAB[field]);
      window.setTimeout(() => {
        const input = document.getElementById(settingsFieldId(field));
        input?.scrollIntoView({ block: 'center', behavior: 'smooth' });
        input?.focus({ preventScroll: true });
      }, 30);
    },
    [setTab],
  );

  return (
    <div className="settings-page">
      <PageHeader
        title="Bedrijfsinstellingen"
        description="Uw bedrijfsgegevens, financiële gegevens en beveiliging op één plek."
      />

      {query.isError && query.error.data?.httpStatus !== 401 ? (
        <Notice
          tone="error"
          className="settings-load-error"
          action={<RetryButton busy={query.isFetching} onRetry={() => void query.refetch()} />}
        >
          {settingsMessages.loadError}
        </Notice>
      ) : null}

      {profile ? (
        <>
          <CompletenessCard profile={profile} onGoToField={goToField} />
          <Tabs
            tabs={TABS}
            value={tab}
            onChange={(id) => setTab(id as SettingsTabId)}
            idPrefix="settings"
            ariaLabel="Bedrijfsinstellingen"
            className="settings-tabs"
          >
            <TabPanel id="profiel" keepMounted>
              <ProfileTab profile={profile} />
            </TabPanel>
            <TabPanel id="financieel" keepMounted>
              <FinancialTab profile={profile} />
            </TabPanel>
            <TabPanel id="documenten" keepMounted>
              <div className="settings-stack">
                <OrderNumberingPanel />
                <LogoCard company={profile.company} />
                <PdfSettingsPanel />
              </div>
            </TabPanel>
            <TabPanel id="beveiliging" keepMounted>
              <SecurityTab profile={profile} />
            </TabPanel>
            <TabPanel id="team">
              <TeamTab />
            </TabPanel>
          </Tabs>
        </>
      ) : null}
      <ScrollToTop />
    </div>
  );
}
