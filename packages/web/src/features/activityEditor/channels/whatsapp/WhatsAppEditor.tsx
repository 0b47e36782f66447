import type { WhatsAppTemplateRecord } from '@herald/protocol';
import { Alert, Badge, Group, Radio, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { createRef, useMemo, type RefObject } from 'react';
import { useTranslation } from '../../../../platform/i18n/useTranslation.ts';
import { useRecords } from '../../../../platform/list/useRecords.ts';
import type { ChannelEditorProps } from '../channelEditor.ts';
import { EditorWithPreview, PreviewErrors } from '../shared/EditorWithPreview.tsx';
import { InsertFieldMenu } from '../shared/InsertFieldMenu.tsx';
import { usePersonalizedPreview } from '../shared/usePersonalizedPreview.ts';
import { WhatsAppBubble } from './WhatsAppBubble.tsx';
import { fitParameters, isSendable, renderedParameters } from './whatsappParameters.ts';

const STATUS_COLORS = { received: 'teal', pending: 'blue', paused: 'orange', disabled: 'gray' } as const;

/** Templates are listed by name, A to Z. */
const TEMPLATE_ORDER = 'name';

const keyOf = (template: { name: string; language: string }) => `${template.name}|${template.language}`;

/**
 * The WhatsApp editor: the organization's templates with their states (only received ones can be chosen; the
 * others say why not), the chosen template's parameters (each a Liquid template, with the insert-field menu),
 * and a WhatsApp bubble with the parameters filled for the preview recipient.
 */
export function WhatsAppEditor({ activity, content, onChange, readOnly }: ChannelEditorProps<'whatsapp'>) {
  const { t } = useTranslation();
  const templates = useRecords('whatsappTemplate', {
    limit: 200,
    offset: 0,
    sortKey: TEMPLATE_ORDER,
    sortOrder: 'asc',
  });
  const { preview } = usePersonalizedPreview(activity, 'whatsapp', content);
  const list = templates.data?.records ?? [];
  const chosen = list.find(
    (template) => keyOf(template) === keyOf({ name: content.templateName, language: content.language }),
  );
  const parameterRefs = useMemo(
    () => Array.from({ length: 20 }, () => createRef<HTMLInputElement>()),
    [],
  ) as Array<RefObject<HTMLInputElement | null>>;

  const choose = (key: string) => {
    const template = list.find((candidate) => keyOf(candidate) === key);
    if (!template || !isSendable(template)) return;
    onChange({
      templateName: template.name,
      language: template.language,
      parameters: fitParameters(content.parameters, template.parameterCount),
    });
  };
  // The chosen template decides how many parameters there are (content saved for an older version of it, or a
  // new activity's, may hold fewer or more).
  const parameters = chosen ? fitParameters(content.parameters, chosen.parameterCount) : content.parameters;
  const setParameter = (index: number, value: string) =>
    onChange({ ...content, parameters: parameters.map((current, at) => (at === index ? value : current)) });

  const fields = (
    <>
      <Radio.Group
        value={chosen ? keyOf(chosen) : null}
        onChange={choose}
        label={t('channelEditors.whatsapp.template')}
        description={t('channelEditors.whatsapp.templateHint')}
        readOnly={readOnly}
        data-testid="whatsapp-templates"
      >
        {templates.isPending ? (
          <Skeleton height={120} mt="xs" />
        ) : list.length === 0 ? (
          <Text size="sm" mt="xs" data-testid="whatsapp-no-templates">
            {t('channelEditors.whatsapp.noTemplates')}
          </Text>
        ) : (
          <Stack gap="xs" mt="xs">
            {list.map((template) => (
              <TemplateChoice key={template.id} template={template} readOnly={readOnly} />
            ))}
          </Stack>
        )}
      </Radio.Group>
      {!templates.isPending && !chosen && (
        <Alert color="yellow" data-testid="whatsapp-template-missing">
          {t('channelEditors.whatsapp.templateMissing', {
            name: content.templateName,
            language: content.language,
          })}
        </Alert>
      )}
      {chosen && !isSendable(chosen) && (
        <Alert color="orange" data-testid="whatsapp-template-not-sendable">
          {t('channelEditors.whatsapp.chosenNotSendable', {
            state: t(`channelEditors.whatsapp.states.${chosen.status}`),
          })}
        </Alert>
      )}
      {parameters.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h5">
            {t('channelEditors.whatsapp.parameters')}
          </Title>
          {parameters.map((parameter, index) => (
            <Stack gap={4} key={index}>
              <Group justify="space-between" align="end">
                <Text component="label" htmlFor={`whatsapp-parameter-${index + 1}`} fw={500} size="sm">
                  {t('channelEditors.whatsapp.parameter', { number: index + 1 })}
                </Text>
                <InsertFieldMenu
                  target={parameterRefs[index]!}
                  value={parameter}
                  onInsert={(value) => setParameter(index, value)}
                  disabled={readOnly}
                  testId={`whatsapp-parameter-${index + 1}-insert-field`}
                />
              </Group>
              <TextInput
                id={`whatsapp-parameter-${index + 1}`}
                ref={parameterRefs[index]}
                value={parameter}
                maxLength={1024}
                readOnly={readOnly}
                onChange={(event) => setParameter(index, event.currentTarget.value)}
                data-testid={`whatsapp-parameter-${index + 1}`}
              />
            </Stack>
          ))}
        </Stack>
      )}
      <PreviewErrors errors={preview?.errors ?? []} />
    </>
  );

  return (
    <EditorWithPreview
      testId="whatsapp-editor"
      fields={fields}
      preview={
        chosen ? (
          <WhatsAppBubble
            template={chosen}
            values={renderedParameters(preview?.text ?? '', content.parameters)}
          />
        ) : (
          <Text size="sm">{t('channelEditors.whatsapp.chooseToPreview')}</Text>
        )
      }
    />
  );
}

/** One template to choose: its name, language, state, and, when it cannot be sent, why. */
function TemplateChoice({ template, readOnly }: { template: WhatsAppTemplateRecord; readOnly: boolean }) {
  const { t } = useTranslation();
  const sendable = isSendable(template);
  const id = `whatsapp-template-${template.id}`;
  return (
    <Group
      wrap="nowrap"
      align="start"
      gap="sm"
      p="xs"
      style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8 }}
      data-testid={`whatsapp-template-${template.name}`}
      data-status={template.status}
    >
      <Radio
        value={keyOf(template)}
        disabled={!sendable || readOnly}
        aria-describedby={`${id}-about`}
        label={
          <Group gap="xs">
            <Text size="sm" fw={600} component="span">
              {template.name}
            </Text>
            <Text size="xs" component="span" c="dimmed">
              {template.language}
            </Text>
          </Group>
        }
      />
      <Stack gap={2} style={{ flex: 1 }} id={`${id}-about`}>
        <Group gap="xs" justify="flex-end">
          <Badge color={STATUS_COLORS[template.status]} variant="light" data-testid={`${id}-status`}>
            {t(`channelEditors.whatsapp.states.${template.status}`)}
          </Badge>
        </Group>
        <Text size="xs" lineClamp={2}>
          {template.body}
        </Text>
        {!sendable && (
          <Text size="xs" c="orange.9" data-testid={`whatsapp-template-${template.name}-why`}>
            {t(`channelEditors.whatsapp.why.${template.status}`)}
            {template.statusReason ? ` ${template.statusReason}` : ''}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
