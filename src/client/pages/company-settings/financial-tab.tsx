import { useMemo } from 'react';
import type { Profile } from '../../../shared/schemas/company-profile';
import { Card, RoleNote, TextField } from '../../components';
import { useCan } from '../../lib/can';
import { useForm } from '../../lib/use-form';
import { SaveButton } from './save-button';
import { SettingsFooter } from './settings-footer';
import {
  financialFormRules,
  financialValuesOf,
  maskFinancialField,
  settingsFieldId,
  settingsMessages,
} from './settings-form';
import { useProfileSave } from './use-profile-save';

const FORM_ID = 'settings-financial-form';

/** Tab Financiële gegevens: KVK, BTW, VAT, IBAN, account name and bank (spec §7: what it sends). */
export function FinancialTab({ profile }: { profile: Profile }) {
  const canManage = useCan('manage');
  const initial = useMemo(() => financialValuesOf(profile), [profile]);
  // A fresher profile (refetch, or another tab's save) replaces the values while nothing is typed.
  const form = useForm({
    ...financialFormRules,
    initial,
    follow: true,
    fieldId: settingsFieldId,
    mask: maskFinancialField,
  });
  const save = useProfileSave({
    form,
    valuesOf: financialValuesOf,
    savedMessage: settingsMessages.financialSaved,
    errorMessage: settingsMessages.financialError,
  });
  const { inputProps } = form;

  return (
    <form id={FORM_ID} className="settings-form" onSubmit={save.submit} noValidate>
      <Card
        title="Financiële gegevens"
        description="Registratie- en bankgegevens die op uw inkooporders en PDF-documenten komen te staan."
        footer={
          canManage ? (
            <SettingsFooter feedback={save.feedback} onDismiss={save.dismiss}>
              <SaveButton state={save.state} form={FORM_ID} />
            </SettingsFooter>
          ) : undefined
        }
      >
        {canManage ? null : <RoleNote capability="manage" className="settings-role-note" />}
        <fieldset className="settings-group" disabled={!canManage}>
          <legend className="settings-group__title">Registratie</legend>
          <div className="settings-grid">
            <TextField
              {...inputProps('kvkNumber')}
              label="KVK-nummer"
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
              placeholder="12345678"
              hint="Formaat: 8 cijfers, bijv. 12345678"
            />
            <TextField
              {...inputProps('btwNumber')}
              label="BTW-nummer"
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={14}
              placeholder="NL123456789B01"
              hint="Formaat: NL + 9 cijfers + B + 2 cijfers, bijv. NL123456789B01"
            />
            <TextField
              {...inputProps('vatNumber')}
              label="BTW-nummer (EU)"
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={14}
              placeholder="NL123456789B01"
              hint="Uw BTW-nummer voor handel binnen de EU, met de landcode vooraan."
              fieldClassName="settings-grid__wide"
            />
          </div>
        </fieldset>

        <fieldset className="settings-group" disabled={!canManage}>
          <legend className="settings-group__title">Bankgegevens</legend>
          <div className="settings-grid">
            <TextField
              {...inputProps('bankAccount')}
              label="IBAN"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={42}
              placeholder="NL91 ABNA 0417 1643 00"
              className="tabular"
              fieldClassName="settings-grid__wide"
            />
            <TextField
              {...inputProps('accountName')}
              label="Naam rekeninghouder"
              autoComplete="off"
              placeholder="Zoals bij de bank bekend"
            />
            <TextField
              {...inputProps('bankName')}
              label="Banknaam"
              autoComplete="off"
              placeholder="Bijv. ABN AMRO"
            />
          </div>
        </fieldset>
      </Card>
    </form>
  );
}
