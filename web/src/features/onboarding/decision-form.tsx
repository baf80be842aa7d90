import { useRef, type FormEvent } from "react";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { focusFirstInvalidField, useFormState, validateForm } from "../../lib/form";
import { formatNumber } from "../../lib/format";
import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { RadioGroup } from "../../ui/radio-group";
import { Select } from "../../ui/select";
import { demoDecisionSchema, emptyDecision, interviewDecisionSchema, levelOptions } from "./decision";
import { TextArea } from "./text-area";

export type Decision = { passed: boolean; feedback: string; note?: string; level?: number };

type DecisionFormProps = {
  withLevel: boolean;
  submitting: boolean;
  onSubmit: (decision: Decision, onError: (error: unknown) => void) => void;
};

/** Pass or reject with feedback for the tutor, an internal note and (interviews) a level 1..5. */
export function DecisionForm({ withLevel, submitting, onSubmit }: DecisionFormProps) {
  const form = useFormState(emptyDecision);
  const formRef = useRef<HTMLFormElement>(null);
  const text = arTutorJourney.onboarding;

  function submit(event: FormEvent) {
    event.preventDefault();
    form.setFormError(null);
    const values = withLevel ? form.values : { ...form.values, level: undefined };
    const result = withLevel
      ? validateForm(interviewDecisionSchema, values)
      : validateForm(demoDecisionSchema, values);
    if (!result.ok) {
      form.setErrors(result.errors);
      focusFirstInvalidField(formRef.current);
      return;
    }
    const data = result.data;
    onSubmit(
      {
        passed: data.decision === "pass",
        feedback: data.feedback,
        note: data.note,
        level: "level" in data && typeof data.level === "number" ? data.level : undefined,
      },
      (error) => form.showServerError(error),
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
      <RadioGroup
        legend={text.decision}
        name="decision"
        required
        value={form.values.decision}
        onChange={(value) => form.setField("decision", value as "pass" | "reject")}
        options={[
          { value: "pass", label: text.pass },
          { value: "reject", label: text.reject },
        ]}
        error={form.messageFor("decision")}
      />
      {withLevel && (
        <Select
          label={text.level}
          required
          placeholder={text.chooseLevel}
          value={form.values.level}
          onChange={(event) => form.setField("level", event.target.value)}
          options={levelOptions.map((level) => ({ value: level, label: formatNumber(Number(level)) }))}
          error={form.messageFor("level")}
        />
      )}
      <TextArea
        label={text.feedbackLabel}
        hint={text.feedbackHint}
        required
        value={form.values.feedback}
        onChange={(event) => form.setField("feedback", event.target.value)}
        error={form.messageFor("feedback")}
      />
      <TextArea
        label={`${text.note} (${ar.ui.optional})`}
        hint={text.noteHint}
        value={form.values.note}
        onChange={(event) => form.setField("note", event.target.value)}
        error={form.messageFor("note")}
      />
      {form.formError && <Notice tone="error">{errorMessage(form.formError)}</Notice>}
      <div>
        <Button type="submit" loading={submitting}>
          {text.saveDecision}
        </Button>
      </div>
    </form>
  );
}
