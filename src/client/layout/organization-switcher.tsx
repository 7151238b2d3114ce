import { useQueryClient } from '@tanstack/react-query';
import { Building2, Check } from 'lucide-react';
import { useId } from 'react';
import { useLocation } from 'wouter';
import { useToast } from '../components';
import { useOrganizations } from '../lib/can';
import { trpc } from '../lib/trpc';

export const SWITCH_ERROR = 'Wisselen van organisatie is niet gelukt. Probeer het opnieuw.';

/**
 * The organisations of the signed-in user, to pick the one to work in; asked for only while the menu
 * that shows them is open. After a switch every query is refetched (profile, lists, settings all
 * belong to the organisation) and the app goes to the dashboard, since the screen open before may show
 * an object of the other organisation.
 */
export function useOrganizationSwitch(enabled: boolean, onSwitched: () => void) {
  const organizations = useOrganizations({ enabled });
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const toast = useToast();
  const activate = trpc.auth.activateOrganization.useMutation({
    onSuccess: async () => {
      onSwitched();
      navigate('/');
      await queryClient.invalidateQueries();
    },
    onError: () => toast.error(SWITCH_ERROR),
  });
  return {
    // Shown only to someone in more than one: a single-company user sees the menus as they always were.
    list: (organizations.data?.length ?? 0) > 1 ? (organizations.data ?? []) : [],
    pending: activate.isPending,
    choose: (organization: { id: string; active: boolean }) => {
      if (!organization.active) activate.mutate({ id: organization.id });
    },
  };
}

/** The switcher inside the desktop user menu: a group of menu radio items. */
export function OrganizationMenuGroup({ labelId, onSwitched }: { labelId: string; onSwitched: () => void }) {
  const { list, pending, choose } = useOrganizationSwitch(true, onSwitched);
  if (list.length === 0) return null;
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a group inside a menu (WAI-ARIA menu pattern). */}
      <div className="user-menu__group user-menu__organizations" role="group" aria-labelledby={labelId}>
        <span id={labelId} className="user-menu__group-label">
          Organisatie
        </span>
        {list.map((organization) => (
          <button
            key={organization.id}
            type="button"
            role="menuitemradio"
            aria-checked={organization.active}
            tabIndex={-1}
            className="user-menu__item"
            disabled={pending}
            onClick={() => choose(organization)}
          >
            <Building2 size={16} aria-hidden="true" />
            <span className="user-menu__organization-name">{organization.name}</span>
            {organization.active ? <Check size={14} aria-hidden="true" /> : null}
          </button>
        ))}
      </div>
      <hr className="user-menu__separator" />
    </>
  );
}

/** The switcher in the mobile drawer: the same choice as toggle buttons. */
export function OrganizationDrawerSection({ open, onSwitched }: { open: boolean; onSwitched: () => void }) {
  const { list, pending, choose } = useOrganizationSwitch(open, onSwitched);
  const labelId = useId();
  if (list.length === 0) return null;
  return (
    <section className="shell-drawer__organizations" aria-labelledby={labelId}>
      <span id={labelId} className="shell-session__caption">
        Organisatie
      </span>
      {list.map((organization) => (
        <button
          key={organization.id}
          type="button"
          className="shell-nav__link"
          aria-pressed={organization.active}
          disabled={pending}
          onClick={() => choose(organization)}
        >
          <span className="shell-nav__link-icon" aria-hidden="true">
            <Building2 size={18} strokeWidth={1.9} />
          </span>
          <span className="shell-nav__link-label user-menu__organization-name">{organization.name}</span>
          {organization.active ? <Check size={16} aria-hidden="true" /> : null}
        </button>
      ))}
    </section>
  );
}
