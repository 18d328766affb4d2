/** The generic form kit (spec part 2 §3, §5): fields by definition, template rules, validity from @vigil/contract. */
export { FormFieldInput, type FormFieldInputProps } from './form-field-input';
export { FormKitFields, REQUIRED_MESSAGE, type FormKitFieldsState } from './form-kit-fields';
export { TemplateRulesEditor } from './template-rules-editor';
export { useFormKit, type FormKitState } from './use-form-kit';
