import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLanguage } from '@web/lib/i18n';
import { applyTheme, storedTheme } from '@web/lib/theme';
import { settingsQuery } from '../api';

/**
 * Applies the signed-in account's saved language and theme (GET /api/settings): on sign-in, on reload
 * and whenever the settings change. Renders nothing.
 */
export function PreferencesSync() {
  const settings = useQuery(settingsQuery).data;
  const { language, setLanguage } = useLanguage();
  const savedLanguage = settings?.language;
  const savedTheme = settings?.theme;

  useEffect(() => {
    if (savedLanguage && savedLanguage !== language) setLanguage(savedLanguage);
    // Only a change of the saved value applies; a local switch is saved by the settings page itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [savedLanguage]);

  useEffect(() => {
    if (savedTheme && savedTheme !== storedTheme()) applyTheme(savedTheme);
  }, [savedTheme]);

  return null;
}
