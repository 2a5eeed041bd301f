// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 4, output: the diagnostic manager.  It saves what judge.c,
 * distance.c and messages.c say, and at the end of the unit sorts it by
 * position, kind and text, drops exact duplicates (two accessors reported at the
 * same call in the same words), and prints each warning followed by its
 * notes, in GCC's own format.  A diagnostic always has a place: one
 * without a location is put at its function.
 *
 * One defect is one warning.  The analysis judges each access on its own,
 * so one mistake (an alias taken before a scope, every access through it)
 * says the same words at every access.  A diagnostic whose function, class,
 * text and notes are all those of an earlier one is that defect again: it
 * is not printed, it becomes a note "also here" of the first, at its own
 * place, after the first's own notes, in source order, as a region's other
 * accesses are noted.  The summary counts stay per access (judge.c).
 *
 * A plugin cannot add a real -W option, so the class is part of the text
 * ("[-Wuaccess-range]").
 * The kernel builds with -Werror; the findings of a checker must not break
 * that build, so unless the "error" option asks for errors they are
 * printed as warnings with -Werror suspended around them.
 */
#include "uaccess_check.h"
#include "verdict.h"

struct ua_note_rec {
	location_t loc;
	char *text;
};

struct ua_diag {
	location_t loc;
	enum ua_class cls;
	tree fndecl;
	char *text;
	unsigned seq;
	unsigned nnotes;
	struct ua_note_rec *notes;
	struct ua_diag *first;	/* the same defect said earlier, or NULL */
	bool dup;		/* an exact duplicate of the one before it */
};

static struct ua_diag **diags;
static unsigned ndiags;

struct ua_class_row {
	enum ua_class cls;
	const char *name;
	int level;		/* said from this level on */
};

/* The classes, and the verdict no diagnostic carries: messages.def's. */
static const struct ua_class_row class_rows[] = {
#define UA_VERDICT(e, name)		{ e, name, INT_MAX },
#define UA_CLASS(e, name, level)	{ e, name, level },
#include "messages.def"
};

static_assert(ARRAY_SIZE(class_rows) == UA_NCLASSES,
	      "messages.def has a row for every enum ua_class");

static const struct ua_class_row *class_row(enum ua_class cls)
{
	unsigned i;

	for (i = 0; i < ARRAY_SIZE(class_rows); i++)
		if (class_rows[i].cls == cls)
			return &class_rows[i];
	gcc_unreachable();
}

const char *ua_class_name(enum ua_class cls)
{
	return class_row(cls)->name;
}

int ua_class_level(enum ua_class cls)
{
	return class_row(cls)->level;
}

struct ua_diag *ua_report(location_t loc, enum ua_class cls, tree fndecl,
			  const char *fmt, ...)
{
	struct ua_diag *d;
	va_list ap;

	d = XCNEW(struct ua_diag);
	va_start(ap, fmt);
	d->text = xvasprintf(fmt, ap);
	va_end(ap);
	if (loc == UNKNOWN_LOCATION && fndecl)
		loc = DECL_SOURCE_LOCATION(fndecl);
	d->loc = loc;
	d->cls = cls;
	d->fndecl = fndecl;
	d->seq = ndiags;
	diags = XRESIZEVEC(struct ua_diag *, diags, ndiags + 1);
	diags[ndiags++] = d;
	return d;
}

void ua_note(struct ua_diag *d, location_t loc, const char *fmt, ...)
{
	va_list ap;

	if (!d)
		return;
	d->notes = XRESIZEVEC(struct ua_note_rec, d->notes, d->nnotes + 1);
	va_start(ap, fmt);
	d->notes[d->nnotes].text = xvasprintf(fmt, ap);
	va_end(ap);
	d->notes[d->nnotes++].loc = loc == UNKNOWN_LOCATION ? d->loc : loc;
}

/* At one place: coverage, then region, then distance; then by text. */
static int rank(enum ua_class cls)
{
	if (cls == UA_REGION || cls == UA_MODE)
		return 1;
	return cls == UA_DISTANCE ? 2 : 0;
}

static int compare_diags(const void *pa, const void *pb)
{
	const struct ua_diag *a = *(const struct ua_diag *const *)pa;
	const struct ua_diag *b = *(const struct ua_diag *const *)pb;
	expanded_location xa = expand_location(a->loc);
	expanded_location xb = expand_location(b->loc);
	int c = strcmp(xa.file ? xa.file : "", xb.file ? xb.file : "");

	if (c)
		return c;
	if (xa.line != xb.line)
		return xa.line < xb.line ? -1 : 1;
	if (xa.column != xb.column)
		return xa.column < xb.column ? -1 : 1;
	if (rank(a->cls) != rank(b->cls))
		return rank(a->cls) < rank(b->cls) ? -1 : 1;
	c = strcmp(a->text, b->text);
	if (c)
		return c;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static bool same_diag(const struct ua_diag *a, const struct ua_diag *b)
{
	return a->loc == b->loc && a->cls == b->cls && !strcmp(a->text, b->text);
}

/* The same place as printed: file, line and column. */
static bool same_place(location_t a, location_t b)
{
	expanded_location xa, xb;

	if (a == b)
		return true;
	xa = expand_location(a);
	xb = expand_location(b);
	return xa.line == xb.line && xa.column == xb.column &&
	       !strcmp(xa.file ? xa.file : "", xb.file ? xb.file : "");
}

static bool same_notes(const struct ua_diag *a, const struct ua_diag *b)
{
	unsigned i;

	if (a->nnotes != b->nnotes)
		return false;
	for (i = 0; i < a->nnotes; i++)
		if (!same_place(a->notes[i].loc, b->notes[i].loc) ||
		    strcmp(a->notes[i].text, b->notes[i].text))
			return false;
	return true;
}

/* b says the defect a says: same function, class, words and notes. */
static bool same_defect(const struct ua_diag *a, const struct ua_diag *b)
{
	return a->fndecl && a->fndecl == b->fndecl && a->cls == b->cls &&
	       !strcmp(a->text, b->text) && same_notes(a, b);
}

/*
 * Over the sorted diagnostics: mark the exact duplicates, and point each
 * repetition of a defect at its first diagnostic.  The notes are compared
 * before any "also here" is added, then added in source order.
 */
static void group_defects(void)
{
	unsigned i, j;

	for (i = 0; i < ndiags; i++) {
		diags[i]->dup = i && same_diag(diags[i - 1], diags[i]);
		if (diags[i]->dup)
			continue;
		for (j = 0; j < i && !diags[i]->first; j++)
			if (!diags[j]->dup && !diags[j]->first &&
			    same_defect(diags[j], diags[i]))
				diags[i]->first = diags[j];
	}
	for (i = 0; i < ndiags; i++)
		if (!diags[i]->dup && diags[i]->first)
			ua_say_note(diags[i]->first, diags[i]->loc, ALSO_HERE);
}

static void emit(struct ua_diag *d)
{
	bool werror = global_dc->warning_as_error_requested;
	tree saved_fn = current_function_decl;
	unsigned i;
	bool shown;

	current_function_decl = d->fndecl;
	if (ua_opts.as_error) {
		error_at(d->loc, "%s [-Wuaccess-%s]", d->text,
			 ua_class_name(d->cls));
		shown = true;
	} else {
		global_dc->warning_as_error_requested = false;
		shown = warning_at(d->loc, 0, "%s [-Wuaccess-%s]", d->text,
				   ua_class_name(d->cls));
		global_dc->warning_as_error_requested = werror;
	}
	if (shown)
		for (i = 0; i < d->nnotes; i++)
			inform(d->notes[i].loc, "%s", d->notes[i].text);
	current_function_decl = saved_fn;
}

static void free_diag(struct ua_diag *d)
{
	unsigned i;

	for (i = 0; i < d->nnotes; i++)
		free(d->notes[i].text);
	free(d->notes);
	free(d->text);
	free(d);
}

void ua_report_flush(void)
{
	unsigned i;

	qsort(diags, ndiags, sizeof(*diags), compare_diags);
	group_defects();
	for (i = 0; i < ndiags; i++)
		if (!diags[i]->dup && !diags[i]->first)
			emit(diags[i]);
	for (i = 0; i < ndiags; i++)
		free_diag(diags[i]);
	free(diags);
	diags = NULL;
	ndiags = 0;
}
