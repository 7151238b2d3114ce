import { type FormEvent, useMemo, useState } from 'react';
import type { Profile } from '../../../shared/schemas/profile';
import { Card, Notice, TextField } from '../../components';
import { useAuth } from '../../lib/auth';
import { readApiError } from '../../lib/auth-errors';
import { trpc } from '../../lib/trpc';
import { SaveButton } from './save-button';
import {
  checkFinancialField,
  checkFinancialForm,
  errorsFromDetails,
  FINANCIAL_FIELDS,
  type FinancialFormField,
  financialValuesOf,
  maskFinancialField,
  settingsMessages,
} from './settings-form';
import { useSaveState } from './use-save-state';
import { useSettingsForm } from './use-settings-form';

const FORM_ID = 'settings-financial-form';

type Feedback = { tone: 'success' | 'error'; message: string } | null;

/** Tab Financiële gegevens: KVK, BTW, VAT, IBAN, account name and bank (spec §7: what it sends). */
export function FinancialTab({ profile }: { profile: Profile }) {
  const { setUser } = useAuth();
  const initial = useMemo(() => financialValuesOf(profile), [profile]);
  const form = useSettingsForm<FinancialFormField, ReturnType<typeof financialValuesOf>>({
    initial,
    fields: FINANCIAL_FIELDS,
    mask: maskFinancialField,
    check: checkFinancialField,
  });
  const save = useSaveState();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const update = trpc.auth.updateProfile.useMutation();
  const { fieldProps } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.state === 'saving') return;
    setFeedback(null);
    const checked = checkFinancialForm(form.values);
    if (!checked.ok) {
      form.revealErrors(checked.errors);
      setFeedback({ tone: 'error', message: settingsMessages.formHasErrors });
      return;
    }
    save.start();
    update.mutate(checked.data, {
      onSuccess: (saved) => {
        setUser(saved);
        form.reset(financialValuesOf(saved));
        save.succeed();
        setFeedback({ tone: 'success', message: settingsMessages.financialSaved });
      },
      onError: (err) => {
        save.fail();
        const fieldErrors = errorsFromDetails(readApiError(err).details, FINANCIAL_FIELDS);
        if (Object.keys(fieldErrors).length > 0) {
          form.revealErrors(fieldErrors);
          setFeedback({ tone: 'error', message: settingsMessages.formHasErrors });
        } else {
          setFeedback({ tone: 'error', message: settingsMessages.financialError });
        }
      },
    });
  };

  return (
    <form id={FORM_ID} className="settings-form" onSubmit={submit} noValidate>
      <Card
        title="Financiële gegevens"
        description="Registratie- en bankgegevens die op uw inkooporders en PDF-documenten komen te staan."
        footer={
          <div className="settings-footer">
            {feedback ? (
              <Notice
                tone={feedback.tone}
                onClose={() => setFeedback(null)}
                className="settings-footer__notice"
              >
                {feedback.message}
              </Notice>
            ) : null}
            <SaveButton state={save.state} form={FORM_ID} />
          </div>
        }
      >
        <fieldset className="settings-group">
          <legend className="settings-group__title">Registratie</legend>
          <div className="settings-grid">
            <TextField
              {...fieldProps('kvkNumber')}
              label="KVK-nummer"
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
              placeholder="12345678"
              hint="Formaat: 8 cijfers, bijv. 12345678"
            />
            <TextField
              {...fieldProps('btwNumber')}
              label="BTW-nummer"
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={14}
              placeholder="NL123456789B01"
              hint="Formaat: NL + 9 cijfers + B + 2 cijfers, bijv. NL123456789B01"
            />
            <TextField
              {...fieldProps('vatNumber')}
              label="VAT-nummer"
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={14}
              placeholder="NL123456789B01"
              hint="Btw-identificatienummer voor handel binnen de EU, met landcode."
              fieldClassName="settings-grid__wide"
            />
          </div>
        </fieldset>

        <fieldset className="settings-group">
          <legend className="settings-group__title">Bankgegevens</legend>
          <div className="settings-grid">
            <TextField
              {...fieldProps('bankAccount')}
              label="IBAN"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={22}
              placeholder="NL91 ABNA 0417 1643 00"
              className="tabular"
              fieldClassName="settings-grid__wide"
            />
            <TextField
              {...fieldProps('accountName')}
              label="Naam rekeninghouder"
              autoComplete="off"
              placeholder="Zoals bij de bank bekend"
            />
            <TextField
              {...fieldProps('bankName')}
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
