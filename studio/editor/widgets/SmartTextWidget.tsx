/**
 * The studio's text widget: rjsf renders every plain string and number with `TextWidget`, so this one
 * place looks at the property (field-kinds.ts) and hands it to the widget that fits: a reference
 * choice, the image picker, money, a date, formatted text or a text area; anything else is rjsf's own
 * input. A `ui:widget` in a uiSchema still wins, as usual.
 */
import { getTemplate, type WidgetProps } from '@rjsf/utils';
import { fieldKind } from '../field-kinds';
import { DateWidget } from './DateWidget';
import { ImagePickerWidget } from './ImagePickerWidget';
import { MoneyWidget } from './MoneyWidget';
import { ReferenceWidget } from './ReferenceWidget';
import { FormattedTextWidget } from './FormattedTextWidget';

export function SmartTextWidget(props: WidgetProps) {
  const kind = fieldKind(props.name, props.schema);
  switch (kind?.type) {
    case 'reference':
      return <ReferenceWidget {...props} target={kind.target} strict={kind.strict} />;
    case 'image':
      return <ImagePickerWidget {...props} />;
    case 'money':
      return <MoneyWidget {...props} />;
    case 'date':
      return <DateWidget {...props} />;
    case 'rich-text':
      return <FormattedTextWidget {...props} />;
    case 'long-text': {
      const Textarea = props.registry.widgets['TextareaWidget'];
      if (Textarea) return <Textarea {...props} options={{ rows: 3, ...props.options }} />;
      break;
    }
  }
  const BaseInputTemplate = getTemplate('BaseInputTemplate', props.registry, props.options);
  return <BaseInputTemplate {...props} />;
}
