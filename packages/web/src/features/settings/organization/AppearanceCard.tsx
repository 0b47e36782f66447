import {
  Alert,
  Button,
  ColorInput,
  FileButton,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { showToast } from '../../../platform/alerts/toast.ts';
import { useErrorText } from '../../../platform/alerts/useErrorText.ts';
import { useCommandMutation } from '../../../platform/data/useCommand.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { useCurrentOrganization } from '../../../platform/organization/organizationContext.ts';
import { usePlatform } from '../../../platform/platformContext.ts';
import { shownErrorOf } from '../../assets/assetErrors.ts';
import { useOrganizationJwt } from '../../export/useOrganizationJwt.ts';
import { AdminError } from '../AdminError.tsx';
import { useAdminParams } from '../useAdminCommand.ts';
import { useReplaceOrganization } from '../useOrganizationSettingsSave.ts';
import { LOGO_ACCEPT, logoFileProblem, uploadLogo } from './logoUpload.ts';
import { themeColourOf, themeWithColour } from './themeColour.ts';

/**
 * The organization's logo and theme colour, saved together with updateOrganizationTheme. A new logo is uploaded
 * as a published asset when chosen and shown as a preview; it becomes the organization's only when saved.
 */
export function AppearanceCard({ logoUri, theme }: { logoUri: string | null; theme: string | null }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { sessionChannel } = usePlatform();
  const organization = useCurrentOrganization();
  const params = useAdminParams();
  const jwt = useOrganizationJwt();
  const replace = useReplaceOrganization();
  // undefined while untouched: the saved values show.
  const [logo, setLogo] = useState<string | null | undefined>(undefined);
  const [colour, setColour] = useState<string | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  const shownLogo = logo === undefined ? logoUri : logo;
  const shownColour = colour ?? themeColourOf(theme);
  const colourValid = shownColour === '' || /^#[0-9a-f]{6}$/i.test(shownColour);

  const save = useCommandMutation(sessionChannel, 'updateOrganizationTheme', {
    onSuccess: (saved) => {
      replace(saved);
      setLogo(undefined);
      setColour(undefined);
      showToast(t('settings.organization.appearanceSaved'));
    },
  });
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (params && colourValid)
      save.mutate({ ...params, logo_uri: shownLogo, theme: themeWithColour(theme, shownColour) });
  };
  const onLogoChosen = async (file: File | null) => {
    if (!file || !organization) return;
    const problem = logoFileProblem(file);
    setLogoProblem(
      problem === 'tooLarge'
        ? t('settings.organization.logoTooLarge')
        : problem === 'unsupported'
          ? t('settings.organization.logoUnsupported')
          : null,
    );
    if (problem) return;
    setUploading(true);
    try {
      setLogo(await uploadLogo(file, organization, await jwt()));
    } catch (caught) {
      const shown = shownErrorOf(caught);
      setLogoProblem(errorText(shown.type, shown.message, shown.values));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Paper
      component="form"
      onSubmit={onSave}
      withBorder
      p="md"
      aria-labelledby="organization-appearance-title"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="organization-appearance-title">
          {t('settings.organization.appearanceTitle')}
        </Title>
        <AdminError error={save.error} testId="organization-appearance-error" />
        <Text size="sm" fw={500} id="organization-logo-label">
          {t('settings.organization.logo')}
        </Text>
        <Group align="center">
          {shownLogo ? (
            <Image
              src={shownLogo}
              alt={t('settings.organization.logoPreview')}
              h={64}
              w="auto"
              fit="contain"
              data-testid="organization-logo-preview"
            />
          ) : (
            <Text size="sm" c="dimmed" data-testid="organization-no-logo">
              {t('settings.organization.noLogo')}
            </Text>
          )}
          <FileButton onChange={(file) => void onLogoChosen(file)} accept={LOGO_ACCEPT.join(',')}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                loading={uploading}
                aria-describedby="organization-logo-label organization-logo-hint"
                data-testid="organization-logo-upload"
              >
                {t('settings.organization.uploadLogo')}
              </Button>
            )}
          </FileButton>
          {shownLogo && (
            <Button
              variant="subtle"
              color="red"
              onClick={() => setLogo(null)}
              data-testid="organization-logo-remove"
            >
              {t('settings.organization.removeLogo')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed" id="organization-logo-hint">
          {t('settings.organization.logoHint')}
        </Text>
        {logoProblem && (
          <Alert color="red" role="alert" data-testid="organization-logo-error">
            {logoProblem}
          </Alert>
        )}
        <ColorInput
          label={t('settings.organization.colour')}
          description={t('settings.organization.colourHint')}
          value={shownColour}
          onChange={setColour}
          format="hex"
          // The eye dropper's button has no label to give it, and a colour is typed or picked here anyway.
          withEyeDropper={false}
          error={colourValid ? undefined : t('settings.organization.colourInvalid')}
          maw={260}
          data-testid="organization-colour"
        />
        <Group>
          <Button
            type="submit"
            loading={save.isPending}
            disabled={!params || uploading || !colourValid || (logo === undefined && colour === undefined)}
            data-testid="save-organization-appearance"
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
