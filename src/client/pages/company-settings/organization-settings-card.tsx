import { ClipboardCheck } from 'lucide-react';
import {
  organizationSettingsLabels as labels,
  organizationSettingsMessages as messages,
  type OrganizationSettings,
} from '../../../shared/schemas/organization-settings';
import { Toggle } from '../../components';
import { EuroField } from '../../components/euro-field';
import { useAuth } from '../../lib/auth';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import { useForm } from '../../lib/use-form';
import {
  maySwitchTwoFactorOn,
  type OrganizationSettingsValues,
  organizationSettingsRules,
  organizationSettingsValuesOf,
} from './organization-settings-form';
import { SETTINGS_QUERY_OPTIONS, SettingsFormCard, SettingsLoadingCard } from './settings-form-card';
import { useSettingsSave } from './use-settings-save';
import './organization-settings-card.css';

/** Beside the switch while the person managing has no two-step sign-in themself. */
const OWN_FIRST_NOTE = 'U kunt dit pas aanzetten als u zelf tweestapsverificatie gebruikt.';

const HEADING = {
  icon: <ClipboardCheck size={16} aria-hidden="true" />,
  title: 'Organisatie-instellingen',
  description: 'Regels die gelden voor iedereen in de organisatie.',
  className: 'organization-settings',
};

/**
 * Bedrijfsinstellingen › Team › Organisatie-instellingen: from which amount an order needs approval,
 * whether that holds for admins and the owner too, and whether two-step sign-in is required. An owner
 * or admin changes them; the others see them, locked, with who can.
 */
export function OrganizationSettingsCard() {
  const query = trpc.organizationSettings.get.useQuery(undefined, SETTINGS_QUERY_OPTIONS);
  if (query.data) return <SettingsForm settings={query.data} />;
  return <SettingsLoadingCard {...HEADING} query={query} loadError={messages.loadError} />;
}

function SettingsForm({ settings }: { settings: OrganizationSettings }) {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const update = trpc.organizationSettings.update.useMutation();
  const ownTwoFactor = user?.twoFactorEnabled === true;
  const canManage = useCan('manage');
  const context = { ownTwoFactor, savedTwoFactorRequired: settings.twoFactorRequired };
  const form = useForm({
    ...organizationSettingsRules(context),
    initial: organizationSettingsValuesOf(settings),
  });
  const { values, errors, fieldId } = form;
  // Switched on now, the requirement would lock this person out: the switch waits until they have it.
  const lockedOut = canManage && !values.twoFactorRequired && !maySwitchTwoFactorOn(context);
  const save = useSettingsSave({
    form,
    send: (data) => update.mutateAsync(data),
    onSaved: (saved) => {
      utils.organizationSettings.get.setData(undefined, saved);
      form.reset(organizationSettingsValuesOf(saved));
    },
    savedMessage: messages.saved,
    errorMessage: messages.saveError,
  });

  const change = <K extends keyof OrganizationSettingsValues>(
    key: K,
    value: OrganizationSettingsValues[K],
  ) => {
    form.setValue(key, value);
    save.edited();
  };

  return (
    <SettingsFormCard
      {...HEADING}
      formId={form.id}
      onSubmit={save.submit}
      feedback={save.feedback}
      onDismiss={save.dismiss}
      saveState={save.state}
    >
      <div className="organization-settings__fields">
        <EuroField
          id={fieldId('approvalThreshold')}
          label={labels.approvalThreshold}
          fieldClassName="organization-settings__threshold"
          placeholder="Nooit"
          value={values.approvalThreshold}
          error={errors.approvalThreshold}
          hint={labels.approvalThresholdHint}
          onValueChange={(text) => change('approvalThreshold', text)}
          onBlur={() => form.handleBlur('approvalThreshold')}
        />
        <Toggle
          id={fieldId('approvalForAdmins')}
          label={labels.approvalForAdmins}
          checked={values.approvalForAdmins}
          error={errors.approvalForAdmins}
          labelFirst
          onChange={(checked) => change('approvalForAdmins', checked)}
        />
        <Toggle
          id={fieldId('twoFactorRequired')}
          label={labels.twoFactorRequired}
          checked={values.twoFactorRequired}
          error={errors.twoFactorRequired}
          disabled={lockedOut}
          hint={
            lockedOut ? (
              <>
                {labels.twoFactorRequiredHint} {OWN_FIRST_NOTE} <a href="#beveiliging">Naar Beveiliging</a>
              </>
            ) : (
              labels.twoFactorRequiredHint
            )
          }
          labelFirst
          onChange={(checked) => change('twoFactorRequired', checked)}
        />
      </div>
    </SettingsFormCard>
  );
}
