import { designToMjml, type EmailContent, type EmailDesign, type ThemeSettings } from '@herald/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { endBurst, recordStep, redo, startHistory, undo, type EditHistory } from './editHistory.ts';

/** A burst of typing ends after this pause, so undo takes back what was typed between pauses. */
const BURST_PAUSE_MS = 1000;

export interface EmailHistory {
  email: EmailContent;
  /** Any change of the e-mail; `burst` names the field being typed in, so its keystrokes merge into a step. */
  change: (next: EmailContent, burst?: string) => void;
  /** A change of the design, with the MJML written again from it. */
  changeDesign: (change: (design: EmailDesign) => EmailDesign, burst?: string) => void;
  undo: () => void;
  redo: () => void;
  canUndo: boolean;
  canRedo: boolean;
}

/**
 * The e-mail being edited with its undo history; every step is also reported to `onChange` (the page's draft).
 * `themeOf` answers the settings of a theme by id when they are loaded, so the MJML written carries the theme.
 */
export function useEmailHistory(
  initial: EmailContent,
  onChange: (email: EmailContent) => void,
  themeOf: (themeId: number | undefined) => ThemeSettings | undefined = () => undefined,
): EmailHistory {
  const [history, setHistory] = useState<EditHistory<EmailContent>>(() => startHistory(initial));
  const latest = useRef(history);
  const reported = useRef(onChange);
  const pause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const themes = useRef(themeOf);
  useEffect(() => {
    reported.current = onChange;
    themes.current = themeOf;
  }, [onChange, themeOf]);
  useEffect(() => () => clearTimeout(pause.current), []);

  const apply = useCallback((next: EditHistory<EmailContent>) => {
    const changed = next.present !== latest.current.present;
    latest.current = next;
    setHistory(next);
    if (changed) reported.current(next.present);
  }, []);

  const change = useCallback(
    (email: EmailContent, burst?: string) => {
      apply(recordStep(latest.current, email, burst));
      clearTimeout(pause.current);
      if (burst !== undefined)
        pause.current = setTimeout(() => apply(endBurst(latest.current)), BURST_PAUSE_MS);
    },
    [apply],
  );
  const changeDesign = useCallback(
    (edit: (design: EmailDesign) => EmailDesign, burst?: string) => {
      const email = latest.current.present;
      if (!email.design) return;
      const design = edit(email.design);
      if (design === email.design) return;
      const theme = themes.current(design.theme?.themeId);
      change({ ...email, design, mjml: designToMjml(design, { theme }) }, burst);
    },
    [change],
  );
  return {
    email: history.present,
    change,
    changeDesign,
    undo: useCallback(() => apply(undo(latest.current)), [apply]),
    redo: useCallback(() => apply(redo(latest.current)), [apply]),
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
  };
}
