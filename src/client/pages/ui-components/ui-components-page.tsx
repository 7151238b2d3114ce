import {
  Building,
  FileText,
  Inbox,
  Mail,
  Pencil,
  Plus,
  Search,
  Settings,
  ShieldCheck,
  Trash,
  UserRound,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { COUNTRIES, DEFAULT_COUNTRY } from '../../../shared/constants';
import { organizationSettingsMessages } from '../../../shared/schemas/organization-settings';
import {
  Badge,
  Button,
  buttonClass,
  Card,
  Checkbox,
  ConfirmDialog,
  EmptyState,
  IconButton,
  Modal,
  Notice,
  PageHeader,
  PasswordField,
  ProgressBar,
  Section,
  SegmentedControl,
  Select,
  Spinner,
  TabPanel,
  Tabs,
  Textarea,
  TextField,
  ThemeControl,
  Toggle,
  useToast,
} from '../../components';
import { EuroField } from '../../components/euro-field';
import { useTheme } from '../../lib/theme';
import { ErrorBoundary, ErrorFallback } from '../errors';
import { DemoBlock } from './demo-block';

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c, label: c }));
const STATUS_OPTIONS = [
  { value: 'concept', label: 'Concept' },
  { value: 'sent', label: 'Verzonden' },
  { value: 'paid', label: 'Betaald' },
  { value: 'cancelled', label: 'Geannuleerd' },
];
const SETTINGS_TABS = [
  { id: 'profiel', label: 'Bedrijfsprofiel', icon: <Building /> },
  { id: 'financieel', label: 'Financiële gegevens', icon: <FileText /> },
  { id: 'document', label: 'Document instellingen', icon: <Settings /> },
  { id: 'beveiliging', label: 'Beveiliging', icon: <ShieldCheck /> },
];

/** /ui-components (spec §2): every part of the UI kit, in normal and error state, in the current theme. */
export function UiComponentsPage() {
  const { theme } = useTheme();
  return (
    <div className="demo">
      <header className="demo__topbar">
        <div className="demo__topbar-inner">
          <Link href="/" className="demo__brand">
            <span className="demo__brand-mark" aria-hidden="true">
              I
            </span>
            <span className="demo__brand-text">Inkooporders</span>
          </Link>
          <ThemeControl size="sm" />
        </div>
      </header>
      <main className="demo__main">
        <PageHeader
          title="UI-componenten"
          description={`Alle bouwstenen van Inkooporders, in normale en foutstatus. Nu in het ${theme === 'dark' ? 'donkere' : 'lichte'} thema.`}
        />
        <div className="demo__grid">
          <InputsDemo />
          <SelectsDemo />
          <ChecksDemo />
          <ButtonsDemo />
          <BadgesDemo />
          <NoticesDemo />
          <TabsDemo />
          <DialogsDemo />
          <SurfacesDemo />
          <ErrorDemo />
        </div>
      </main>
    </div>
  );
}

function InputsDemo() {
  const [name, setName] = useState('Jan de Vries');
  const [email, setEmail] = useState('jan@');
  const [password, setPassword] = useState('');
  const [search, setSearch] = useState('');
  const [amount, setAmount] = useState('1234,5');
  return (
    <DemoBlock title="Invoervelden" description="Tekst, bedrag, wachtwoord en langere tekst.">
      <div className="grid-2">
        <TextField
          label="Naam"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          autoComplete="name"
        />
        <TextField
          label="E-mailadres"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
          error="Voer een geldig e-mailadres in"
        />
        <TextField
          label="KVK-nummer"
          placeholder="12345678"
          inputMode="numeric"
          hint="Formaat: 8 cijfers, bijv. 12345678"
        />
        <TextField
          label="BTW-nummer"
          defaultValue="NL12345"
          hint="Formaat: NL + 9 cijfers + B + 2 cijfers, bijv. NL123456789B01"
          error="BTW nummer moet het formaat NL123456789B01 hebben"
        />
        <EuroField
          label="Bedrag"
          value={amount}
          onValueChange={setAmount}
          hint="Na het verlaten van het veld in Nederlandse notatie: 1.234,50."
        />
        <EuroField
          label="Prijs"
          value="12,345"
          onValueChange={() => undefined}
          error="Prijs mag maximaal 2 decimalen hebben"
        />
        <PasswordField
          label="Wachtwoord"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="new-password"
          placeholder="Minimaal 8 tekens"
        />
        <PasswordField
          label="Bevestig wachtwoord"
          defaultValue="geheim"
          error="Wachtwoorden komen niet overeen"
        />
        <TextField
          label="Zoeken"
          placeholder="Zoek op naam, bedrijf of e-mail"
          leading={<Search />}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <TextField
          label="E-mail (alleen-lezen)"
          value="jan@voorbeeld.nl"
          readOnly
          hint="Wordt gebruikt om in te loggen. Neem contact op met support om dit te wijzigen."
        />
        <TextField label="Uitgeschakeld" value="Niet te wijzigen" disabled />
      </div>
      <div className="grid-2">
        <Textarea label="Opmerkingen" placeholder="Bijv. levering op de achteringang" hint="Optioneel" />
        <Textarea label="Berichttekst" required defaultValue="Te kort" error="Bericht is verplicht" />
      </div>
    </DemoBlock>
  );
}

function SelectsDemo() {
  const [country, setCountry] = useState<string>(DEFAULT_COUNTRY);
  const [status, setStatus] = useState('concept');
  return (
    <DemoBlock title="Keuzelijsten" description="Native selects met eigen opmaak.">
      <div className="grid-2">
        <Select
          label="Land"
          options={COUNTRY_OPTIONS}
          value={country}
          onChange={(e) => setCountry(e.target.value)}
        />
        <Select
          label="Status"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
        />
        <Select
          label="Klant"
          required
          placeholder="Selecteer een klant"
          options={[
            { value: 'a', label: 'Bouwbedrijf Jansen B.V.' },
            { value: 'b', label: 'De Groot Installatietechniek' },
          ]}
          defaultValue=""
          error="Selecteer een klant"
        />
        <Select
          label="Betalingstermijn"
          options={[{ value: '14', label: '14 dagen' }]}
          defaultValue="14"
          disabled
          hint="Uitgeschakeld"
        />
      </div>
    </DemoBlock>
  );
}

function ChecksDemo() {
  const [remember, setRemember] = useState(true);
  const [active, setActive] = useState(false);
  const [terms, setTerms] = useState(false);
  const [bank, setBank] = useState(true);
  const [mail, setMail] = useState(false);
  return (
    <DemoBlock title="Selectievakjes en schakelaars">
      <div className="grid-2">
        <div className="stack">
          <Checkbox label="Onthoud mij" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          <Checkbox
            label="Actieve klant"
            checked={active}
            onChange={(e) => setActive(e.target.checked)}
            hint="Inactieve klanten verschijnen niet in de klantkiezer."
          />
          <Checkbox
            label="Ik ga akkoord met de voorwaarden"
            checked={terms}
            onChange={(e) => setTerms(e.target.checked)}
            error={terms ? undefined : 'U moet akkoord gaan met de voorwaarden'}
          />
          <Checkbox label="Uitgeschakeld" disabled defaultChecked />
        </div>
        <div className="stack">
          <Toggle label="Bankrekening tonen op PDF" checked={bank} onChange={setBank} />
          <Toggle
            label="PDF meesturen"
            checked={mail}
            onChange={setMail}
            hint="De inkooporder wordt als bijlage toegevoegd."
          />
          <Toggle
            label="Tweestapsverificatie verplicht"
            checked
            onChange={() => undefined}
            error={organizationSettingsMessages.ownTwoFactorFirst}
          />
          <Toggle label="Uitgeschakeld" checked disabled onChange={() => undefined} />
        </div>
      </div>
    </DemoBlock>
  );
}

function ButtonsDemo() {
  const [busy, setBusy] = useState(false);
  return (
    <DemoBlock
      title="Knoppen"
      description="Primair, secundair, ghost en gevaar; drie maten; bezig en uitgeschakeld."
    >
      <div className="row">
        <Button icon={<Plus />}>Nieuwe Order</Button>
        <Button variant="secondary">Exporteren</Button>
        <Button variant="ghost">Annuleren</Button>
        <Button variant="danger" icon={<Trash />}>
          Verwijderen
        </Button>
      </div>
      <div className="row">
        <Button size="sm">Klein</Button>
        <Button size="md">Middel</Button>
        <Button size="lg">Groot</Button>
        <IconButton label="Bewerken" icon={<Pencil size={16} />} variant="secondary" />
        <IconButton label="E-mail versturen" icon={<Mail size={16} />} />
      </div>
      <div className="row">
        <Button
          busy={busy}
          onClick={() => {
            setBusy(true);
            window.setTimeout(() => setBusy(false), 1800);
          }}
        >
          {busy ? 'Opslaan...' : 'Opslaan'}
        </Button>
        <Button variant="secondary" busy>
          Bezig
        </Button>
        <Button disabled>Uitgeschakeld</Button>
        <Link href="/" className={buttonClass({ variant: 'secondary' })}>
          Link als knop
        </Link>
      </div>
    </DemoBlock>
  );
}

function BadgesDemo() {
  return (
    <DemoBlock title="Badges" description="Orderstatussen (spec §4) en klantstatus.">
      <div className="row">
        <Badge tone="grey">Concept</Badge>
        <Badge tone="blue">Verzonden</Badge>
        <Badge tone="green">Betaald</Badge>
        <Badge tone="red">Geannuleerd</Badge>
        <Badge tone="amber">Herinnering</Badge>
      </div>
      <div className="row">
        <Badge tone="green" dot>
          Actief
        </Badge>
        <Badge tone="grey" dot>
          Inactief
        </Badge>
        <Badge tone="blue" dot>
          Standaard
        </Badge>
      </div>
    </DemoBlock>
  );
}

function NoticesDemo() {
  const toast = useToast();
  const [visible, setVisible] = useState(true);
  return (
    <DemoBlock title="Meldingen" description="Inline meldingen en toasts; succes sluit na 5 seconden.">
      <div className="stack-sm">
        {visible ? (
          <Notice tone="success" onClose={() => setVisible(false)}>
            Bedrijfsgegevens zijn succesvol bijgewerkt!
          </Notice>
        ) : (
          <div>
            <Button size="sm" variant="secondary" onClick={() => setVisible(true)}>
              Succesmelding opnieuw tonen
            </Button>
          </div>
        )}
        <Notice tone="error" title="Opslaan mislukt">
          Er is een fout opgetreden bij het opslaan van de klant.
        </Notice>
        <Notice
          tone="warning"
          title="E-mailadres niet geverifieerd"
          action={
            <Button size="sm" variant="secondary">
              Opnieuw versturen
            </Button>
          }
        >
          Controleer uw inbox voor de verificatielink.
        </Notice>
        <Notice tone="info">Nieuwe orders krijgen automatisch het volgende ordernummer.</Notice>
      </div>
      <div className="row">
        <Button variant="secondary" size="sm" onClick={() => toast.success('Klant is opgeslagen')}>
          Toast: succes
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => toast.error('Er is een fout opgetreden bij het verwijderen van de order.')}
        >
          Toast: fout
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => toast.info('Inkooporder is succesvol verzonden per e-mail', { title: 'Verzonden' })}
        >
          Toast: info
        </Button>
      </div>
    </DemoBlock>
  );
}

function TabsDemo() {
  const [tab, setTab] = useState('profiel');
  const [view, setView] = useState('compose');
  return (
    <DemoBlock title="Tabs" description="Pijltjestoetsen wisselen van tab.">
      <Tabs
        tabs={SETTINGS_TABS}
        value={tab}
        onChange={setTab}
        idPrefix="demo-settings"
        ariaLabel="Instellingen"
      >
        <TabPanel id="profiel">
          <p className="muted">Naam, adres en contactgegevens van uw bedrijf.</p>
        </TabPanel>
        <TabPanel id="financieel">
          <p className="muted">KVK, BTW-nummer en bankgegevens.</p>
        </TabPanel>
        <TabPanel id="document">
          <p className="muted">Ordernummering en PDF-opmaak.</p>
        </TabPanel>
        <TabPanel id="beveiliging">
          <p className="muted">Wachtwoord en sessies.</p>
        </TabPanel>
      </Tabs>
      <Tabs
        tabs={[
          { id: 'compose', label: 'Bericht samenstellen' },
          { id: 'preview', label: 'PDF voorbeeld' },
        ]}
        value={view}
        onChange={setView}
        idPrefix="demo-email"
        ariaLabel="E-mail"
        variant="pill"
      >
        <TabPanel id="compose">
          <p className="muted">Schrijf hier het bericht aan de klant.</p>
        </TabPanel>
        <TabPanel id="preview">
          <p className="muted">Hier verschijnt het voorbeeld van de PDF.</p>
        </TabPanel>
      </Tabs>
    </DemoBlock>
  );
}

function DialogsDemo() {
  const toast = useToast();
  const [modalOpen, setModalOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <DemoBlock title="Dialogen" description="Focus blijft in de dialoog; Escape sluit.">
      <div className="row">
        <Button icon={<Plus />} onClick={() => setModalOpen(true)}>
          Nieuwe klant
        </Button>
        <Button variant="danger" icon={<Trash />} onClick={() => setConfirmOpen(true)}>
          Klant verwijderen
        </Button>
      </div>

      <Modal
        open={modalOpen}
        onClose={() => setModalOpen(false)}
        title="Nieuwe klant"
        description="Velden met * zijn verplicht."
        footer={
          <>
            <Button variant="secondary" onClick={() => setModalOpen(false)}>
              Annuleren
            </Button>
            <Button
              onClick={() => {
                setModalOpen(false);
                toast.success('Klant is opgeslagen');
              }}
            >
              Opslaan
            </Button>
          </>
        }
      >
        <Section title="Algemene informatie" icon={<UserRound />}>
          <div className="grid-2">
            <TextField label="Naam" required data-autofocus />
            <TextField label="Bedrijf" required />
          </div>
        </Section>
        <Section title="Contactgegevens" icon={<Mail />} defaultOpen={false}>
          <div className="grid-2">
            <TextField label="E-mail" type="email" required />
            <TextField label="Telefoon" type="tel" />
          </div>
        </Section>
      </Modal>

      <ConfirmDialog
        open={confirmOpen}
        title="Klant verwijderen"
        message="Weet u zeker dat u deze klant wilt verwijderen? Deze actie kan niet ongedaan worden gemaakt."
        confirmLabel="Verwijderen"
        busy={deleting}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={() => {
          setDeleting(true);
          window.setTimeout(() => {
            setDeleting(false);
            setConfirmOpen(false);
            toast.success('Klant is verwijderd');
          }, 1200);
        }}
      />
    </DemoBlock>
  );
}

function SurfacesDemo() {
  const [density, setDensity] = useState<'compact' | 'comfortable'>('comfortable');
  return (
    <DemoBlock title="Overige" description="Kaart, inklapbare sectie, lege staat, voortgang en laden.">
      <Card
        title="Profiel compleetheid"
        description="Vul uw gegevens aan voor professionele documenten."
        actions={
          <Button size="sm" variant="secondary">
            Aanvullen
          </Button>
        }
      >
        <div className="stack-sm">
          <ProgressBar value={62} tone="amber" label="Profiel compleet" showValue />
          <ProgressBar value={100} tone="green" label="Financiële gegevens" showValue size="sm" />
        </div>
      </Card>
      <Section title="Adresgegevens" description="Adres, postcode en plaats" defaultOpen={false}>
        <div className="grid-2">
          <TextField label="Adres" />
          <TextField label="Postcode" placeholder="1234 AB" />
        </div>
      </Section>
      <Card padding="none">
        <EmptyState
          icon={<Inbox />}
          title="Geen klanten gevonden"
          description="Voeg uw eerste klant toe om inkooporders te kunnen maken."
          action={<Button icon={<Plus />}>Eerste klant toevoegen</Button>}
        />
      </Card>
      <div className="row-between">
        <Spinner label="Orders laden..." showLabel />
        <SegmentedControl
          label="Weergave"
          hideLabel
          options={[
            { value: 'compact', label: 'Compact' },
            { value: 'comfortable', label: 'Ruim' },
          ]}
          value={density}
          onChange={setDensity}
          size="sm"
        />
      </div>
    </DemoBlock>
  );
}

function Thrower(): never {
  throw new Error('Kan ordergegevens niet laden.');
}

function ErrorDemo() {
  const [broken, setBroken] = useState(false);
  return (
    <DemoBlock
      title="Foutweergave"
      description="Wat een scherm toont als het vastloopt (deze demo wordt niet gemeld)."
    >
      <ErrorBoundary
        report={false}
        fallback={(error, reset) => (
          <ErrorFallback
            error={error}
            reported={false}
            onReset={() => {
              setBroken(false);
              reset();
            }}
          />
        )}
      >
        {broken ? (
          <Thrower />
        ) : (
          <div>
            <Button variant="secondary" onClick={() => setBroken(true)}>
              Fout simuleren
            </Button>
          </div>
        )}
      </ErrorBoundary>
    </DemoBlock>
  );
}
