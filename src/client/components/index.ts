/**
 * The UI kit: every screen builds from these (shown together on /ui-components). The login screen and
 * the app's frame import from here too, so what only a form needs stays out: EuroField (and the money
 * rules it brings) is imported from './euro-field' by the screens that have one.
 */
export { Avatar, type AvatarProps, initialOf } from './avatar';
export { Badge, type BadgeProps, type BadgeTone } from './badge';
export {
  Button,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
  buttonClass,
  IconButton,
  type IconButtonProps,
} from './button';
export { Card, type CardProps } from './card';
export { Checkbox, type CheckboxProps } from './checkbox';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { cx } from './cx';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { describedBy, FieldLabel, FieldMessages, useFieldIds } from './field';
export { focusableWithin, useBackgroundLock, useDialogLayer, useFocusReturn } from './focus-trap';
export { InfoTip } from './info-tip';
export { Modal, type ModalProps, type ModalSize } from './modal';
export { Notice, type NoticeProps, type NoticeTone, SUCCESS_AUTO_CLOSE_MS } from './notice';
export { APP_NAME, PageHeader, type PageHeaderProps, useDocumentTitle } from './page-header';
export { type CountedNoun, Pager } from './pager';
export { PasswordField, type PasswordFieldProps } from './password-field';
export { PasswordStrengthMeter, type PasswordStrengthMeterProps } from './password-strength-meter';
export { ProfileGapsNotice, type ProfileGapsNoticeProps } from './profile-gaps-notice';
export { ProgressBar, type ProgressBarProps, type ProgressTone } from './progress-bar';
export { RetryButton } from './retry-button';
export { RoleNote, RoleRequired } from './role-required';
export { SearchField, type SearchFieldProps } from './search-field';
export { Section, type SectionProps } from './section';
export { SegmentedControl, type SegmentedControlProps, type SegmentedOption } from './segmented-control';
export { Select, type SelectOption, type SelectProps } from './select';
export { FullPageSpinner, Spinner, type SpinnerProps } from './spinner';
export { type TabItem, TabPanel, type TabPanelProps, Tabs, type TabsProps } from './tabs';
export { TextField, type TextFieldProps } from './text-field';
export { Textarea, type TextareaProps } from './textarea';
export { THEME_OPTIONS, ThemeControl, ThemeToggle } from './theme-controls';
export {
  TOAST_DURATION_MS,
  type ToastApi,
  type ToastInput,
  type ToastOptions,
  ToastProvider,
  useToast,
} from './toast';
export { Toggle, type ToggleProps } from './toggle';
