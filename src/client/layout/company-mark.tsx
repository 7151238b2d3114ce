import { Avatar, cx } from '../components';
import { useCompanyLogo } from '../lib/company-logo';
import './company-mark.css';

/**
 * The company in the shell: its logo once it has one, else its initial. The logo sits on white in
 * both themes (it is drawn for paper); its name is the text beside it, so the image itself is silent.
 */
export function CompanyMark({ company, size }: { company: string; size: 'sm' | 'md' | 'lg' }) {
  const { url } = useCompanyLogo();
  if (!url) return <Avatar name={company} size={size} />;
  return (
    <span className={cx('shell-logo', `shell-logo--${size}`)} data-testid="company-logo">
      <img src={url} alt="" />
    </span>
  );
}

/** Whether the shell shows a logo (the sidebar then gives it a line of its own). */
export const useHasCompanyLogo = () => useCompanyLogo().url !== null;
