// SPDX-License-Identifier: GPL-2.0
/*
 * Reporting: diagnostics in GCC's own format, in a stable order.
 *
 * Findings are collected during the unit and printed at its end, sorted
 * by position, each warning followed by its notes.  A plugin cannot add a
 * real -W option, so the class is part of the text ("[-Wuaccess-range]").
 * The kernel builds with -Werror; the findings of a checker must not break
 * that build, so unless the "error" option asks for errors they are
 * printed as warnings with -Werror suspended around them.
 */
#include "uaccess_check.h"

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
};

static struct ua_diag **diags;
static unsigned ndiags;

/* in enum ua_class order */
static const char *const class_names[UA_NCLASSES] = {
	"proven", "unproven", "range", "unchecked", "region", "mode",
	"distance",
};

const char *ua_class_name(enum ua_class cls)
{
	return class_names[cls];
}

/*
 * GCC locates a return at its value; a reader looks for the keyword.
 * Find @word on the line before @loc's column and locate it there.
 */
location_t ua_keyword_before(location_t loc, const char *word)
{
	expanded_location x = expand_location(loc);
	const line_map *map = linemap_lookup(line_table, loc);
	size_t len = strlen(word);
	char_span line(NULL, 0);
	int col;

	if (!x.file || !map || linemap_macro_expansion_map_p(map))
		return loc;
	line = location_get_source_line(x.file, x.line);
	if (!line)
		return loc;
	for (col = MIN(x.column - 1, (int)line.length()) - (int)len; col >= 0;
	     col--)
		if (!strncmp(line.get_buffer() + col, word, len))
			return linemap_position_for_line_and_column(
				line_table, linemap_check_ordinary(map),
				x.line, col + 1);
	return loc;
}

static bool last_is_space(struct obstack *ob)
{
	return obstack_object_size(ob) &&
	       ((char *)obstack_next_free(ob))[-1] == ' ';
}

/*
 * The call written at @loc, as text: "access_ok(events, n * size)".
 * Follows the parentheses over up to eight lines.  Caller frees.
 */
char *ua_source_call(location_t loc)
{
	expanded_location x = expand_location(ua_user_location(loc));
	struct obstack ob;
	int depth = 0, line, col = x.column - 1;
	bool done = false;
	char *text;

	if (!x.file)
		return xstrdup("?");
	gcc_obstack_init(&ob);
	for (line = x.line; line < x.line + 8 && !done; line++, col = 0) {
		char_span span = location_get_source_line(x.file, line);
		size_t i;

		if (!span)
			break;
		for (i = col; i < span.length() && !done; i++) {
			char c = span.get_buffer()[i] == '\t' ? ' ' :
				 span.get_buffer()[i];

			if (c == ' ' && last_is_space(&ob))
				continue;
			obstack_1grow(&ob, c);
			if (c == '(')
				depth++;
			else if (c == ')' && --depth == 0)
				done = true;
		}
		/* a name with no call after it on its line is all there is */
		if (!depth)
			done = true;
		else if (!last_is_space(&ob))
			obstack_1grow(&ob, ' ');
	}
	obstack_1grow(&ob, 0);
	text = xstrdup((char *)obstack_finish(&ob));
	obstack_free(&ob, NULL);
	return text;
}

/* Set while the facts ask questions whose answers must not be printed. */
bool ua_quiet;

struct ua_diag *ua_report(location_t loc, enum ua_class cls, tree fndecl,
			  const char *fmt, ...)
{
	struct ua_diag *d;
	va_list ap;

	if (ua_quiet)
		return NULL;
	d = XCNEW(struct ua_diag);
	va_start(ap, fmt);
	d->text = xvasprintf(fmt, ap);
	va_end(ap);
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
	d->notes[d->nnotes++].loc = loc;
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
	return a->seq < b->seq ? -1 : a->seq > b->seq;
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
	for (i = 0; i < ndiags; i++) {
		emit(diags[i]);
		free_diag(diags[i]);
	}
	free(diags);
	diags = NULL;
	ndiags = 0;
}
