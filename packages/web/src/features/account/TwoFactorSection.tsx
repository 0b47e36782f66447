import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { showToast } from '../../platform/alerts/toast.ts';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { isChannelError } from '../../platform/channel/channelError.ts';
import { commandKey } from '../../platform/data/useCommand.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { usePlatform } from '../../platform/platformContext.ts';
import { useSession } from '../../platform/session/useSession.ts';
import { useUserProfile } from '../../platform/session/useUserProfile.ts';
import { recoveryCodesText } from './userSettings.ts';

/**
 * Functional §4 two-factor: disabled → activation in progress (scan the QR code or type the secret, enter a
 * code) → enabled, with the recovery codes shown once; turning it off takes a current code.
 */
type TwoFactorState =
  | { kind: 'idle' }
  | { kind: 'scan'; otpSecret: string; otpauthUrl: string }
  | { kind: 'recoveryCodes'; codes: string[] }
  | { kind: 'disabling' };

interface FormError {
  type: string;
  message: string;
}

export function TwoFactorSection() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { sessionChannel, sessionStore, queryClient } = usePlatform();
  const session = useSession();
  const profile = useUserProfile().data;
  const [state, setState] = useState<TwoFactorState>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const enabled = profile?.otp_enabled ?? session.otp_enabled;
  const sessionId = session.sessionId ?? '';

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      if (!isChannelError(caught)) throw caught;
      setError({ type: caught.type, message: caught.message });
    } finally {
      setBusy(false);
    }
  };

  const accountChanged = (otp_enabled: boolean) => {
    sessionStore.updateAccount(otp_enabled ? { otp_enabled, otp_required: false } : { otp_enabled });
    queryClient.setQueryData(
      commandKey(sessionChannel, 'getUserProfile', { sessionId }),
      (user: typeof profile) => (user ? { ...user, otp_enabled, otp_required: false } : user),
    );
  };

  const start = () =>
    void run(async () => {
      const { otpSecret, otpauthUrl } = await sessionChannel.request('generateOTP', { sessionId });
      setCode('');
      setState({ kind: 'scan', otpSecret, otpauthUrl });
    });

  const cancel = () => {
    setState({ kind: 'idle' });
    setCode('');
    setError(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const otpCode = code.trim();
    if (state.kind === 'scan') {
      void run(async () => {
        const { recoveryCodes } = await sessionChannel.request('enableOTP', {
          sessionId,
          otpSecret: state.otpSecret,
          otpCode,
        });
        setCode('');
        setSaved(false);
        setState({ kind: 'recoveryCodes', codes: recoveryCodes });
        accountChanged(true);
      });
    } else if (state.kind === 'disabling') {
      void run(async () => {
        await sessionChannel.request('disableOTP', { sessionId, otpCode });
        setCode('');
        setState({ kind: 'idle' });
        accountChanged(false);
        showToast(t('twoFactor.turnedOff'));
      });
    }
  };

  const download = (codes: readonly string[]) => {
    const text = recoveryCodesText(codes, [
      t('twoFactor.fileHeading', { email: session.email ?? '' }),
      t('twoFactor.fileHint'),
    ]);
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'herald-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  const codeField = (
    <TextInput
      label={t('twoFactor.code')}
      name="otpCode"
      autoComplete="one-time-code"
      inputMode="numeric"
      required
      withAsterisk={false}
      autoFocus
      maw={240}
      value={code}
      onChange={(event) => setCode(event.currentTarget.value)}
    />
  );
  const errorAlert = error && (
    <Alert color="red" role="alert" data-testid="two-factor-error" data-error-type={error.type}>
      {errorText(error.type, error.message)}
    </Alert>
  );

  return (
    <Paper
      component="section"
      withBorder
      p="md"
      aria-labelledby="two-factor-title"
      data-testid="two-factor"
      data-state={state.kind === 'idle' ? (enabled ? 'enabled' : 'disabled') : state.kind}
    >
      <Stack>
        <Title order={2} size="h3" id="two-factor-title">
          {t('account.twoFactor')}
        </Title>
        {state.kind === 'idle' && (
          <>
            <Text>{enabled ? t('twoFactor.isOn') : t('twoFactor.isOff')}</Text>
            {errorAlert}
            <Group>
              {enabled ? (
                <Button variant="default" onClick={() => setState({ kind: 'disabling' })}>
                  {t('twoFactor.turnOff')}
                </Button>
              ) : (
                <Button onClick={start} loading={busy}>
                  {t('twoFactor.setUp')}
                </Button>
              )}
            </Group>
          </>
        )}
        {state.kind === 'scan' && (
          <Stack component="form" onSubmit={onSubmit}>
            <Text>{t('twoFactor.scan')}</Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <QRCodeSVG
                value={state.otpauthUrl}
                size={192}
                marginSize={4}
                title={t('twoFactor.qrCode')}
                role="img"
                aria-label={t('twoFactor.qrCode')}
                data-testid="two-factor-qr"
              />
              <Stack gap={4}>
                <Text size="sm">{t('twoFactor.typeSecret')}</Text>
                <Code block data-testid="two-factor-secret" style={{ wordBreak: 'break-all' }}>
                  {state.otpSecret}
                </Code>
              </Stack>
            </SimpleGrid>
            {codeField}
            {errorAlert}
            <Group>
              <Button type="submit" loading={busy}>
                {t('twoFactor.turnOn')}
              </Button>
              <Button variant="default" onClick={cancel} disabled={busy}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        )}
        {state.kind === 'recoveryCodes' && (
          <>
            <Alert color="yellow">{t('twoFactor.recoveryCodesOnce')}</Alert>
            <Code block data-testid="recovery-codes">
              {state.codes.join('\n')}
            </Code>
            <Group>
              <CopyButton value={state.codes.join('\n')}>
                {({ copied, copy }) => (
                  <Button variant="default" onClick={copy}>
                    {copied ? t('twoFactor.copied') : t('twoFactor.copyCodes')}
                  </Button>
                )}
              </CopyButton>
              <Button variant="default" onClick={() => download(state.codes)}>
                {t('twoFactor.downloadCodes')}
              </Button>
            </Group>
            <Checkbox
              label={t('twoFactor.savedCodes')}
              checked={saved}
              onChange={(event) => setSaved(event.currentTarget.checked)}
            />
            <Group>
              <Button disabled={!saved} onClick={() => setState({ kind: 'idle' })}>
                {t('twoFactor.done')}
              </Button>
            </Group>
          </>
        )}
        {state.kind === 'disabling' && (
          <Stack component="form" onSubmit={onSubmit}>
            <Text>{t('twoFactor.turnOffExplained')}</Text>
            {codeField}
            {errorAlert}
            <Group>
              <Button type="submit" color="red" loading={busy}>
                {t('twoFactor.confirmTurnOff')}
              </Button>
              <Button variant="default" onClick={cancel} disabled={busy}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
