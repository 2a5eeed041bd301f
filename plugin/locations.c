// SPDX-License-Identifier: GPL-2.0
/*
 * Source locations and the text at them: the expansion point of a
 * (virtual) location in the programmer's file, source order, whether a
 * macro is on a location's expansion chain, and what the source line
 * says there (the keyword a statement starts with, a call's text and
 * arguments, the word a folded constant was written as).
 *
 * Every phase asks these questions; they read only the line table and
 * the source files, never the IL, so this file calls no other.
 */
#include "uaccess_check.h"

/* The expansion point in the programmer's file of a (virtual) location. */
location_t ua_user_location(location_t loc)
{
	return linemap_resolve_location(line_table, loc,
					LRK_MACRO_EXPANSION_POINT, NULL);
}

/* A variable a macro declared (__gu_val, _tmpsrc): no reader wrote it. */
bool ua_macro_temporary(tree var)
{
	return linemap_location_from_macro_expansion_p(line_table,
						       DECL_SOURCE_LOCATION(var));
}

/* Source order: file, line, column (for "the first ... in source order"). */
int ua_compare_locations(location_t a, location_t b)
{
	expanded_location xa = expand_location(a);
	expanded_location xb = expand_location(b);
	int c = strcmp(xa.file ? xa.file : "", xb.file ? xb.file : "");

	if (c)
		return c;
	if (xa.line != xb.line)
		return xa.line < xb.line ? -1 : 1;
	return xa.column < xb.column ? -1 : xa.column > xb.column;
}

/* Is a macro called @name on the expansion chain of @loc? */
bool ua_written_in_macro(location_t loc, const char *name)
{
	while (linemap_location_from_macro_expansion_p(line_table, loc)) {
		const line_map *map = linemap_lookup(line_table, loc);
		const line_map_macro *mm;

		if (!map || !linemap_macro_expansion_map_p(map))
			return false;
		mm = linemap_check_macro(map);
		if (!strcmp(linemap_map_get_macro_name(mm), name))
			return true;
		loc = MACRO_MAP_EXPANSION_POINT_LOCATION(mm);
	}
	return false;
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

/*
 * Does the source line of @loc call @name at or after its column?  A
 * condition's location is its "if": what the test was written as is
 * only in the text ("if (is_kernel_addr(ea))").
 */
bool ua_line_calls(location_t loc, const char *name)
{
	expanded_location x = expand_location(ua_user_location(loc));
	size_t len = strlen(name);
	char_span line(NULL, 0);
	int col;

	if (!x.file)
		return false;
	line = location_get_source_line(x.file, x.line);
	if (!line)
		return false;
	for (col = MAX(x.column - 1, 0); col + (int)len < (int)line.length(); col++)
		if (!strncmp(line.get_buffer() + col, name, len) &&
		    line.get_buffer()[col + len] == '(')
			return true;
	return false;
}

static bool ident_char(char c)
{
	return ISIDNUM(c);
}

/*
 * Is @word what is written at @loc, as a whole identifier, or as the
 * whole initialiser of the variable declared there ("tasksize =
 * TASK_SIZE;")?  A macro whose value GCC folded to a constant leaves only
 * its place in the source (powerpc's TASK_SIZE without CONFIG_COMPAT).
 */
bool ua_word_at(location_t loc, const char *word)
{
	expanded_location x = expand_location(ua_user_location(loc));
	size_t len = strlen(word), n, i;
	char_span line(NULL, 0);
	const char *p;

	if (!x.file || x.column < 1)
		return false;
	line = location_get_source_line(x.file, x.line);
	if (!line || (size_t)x.column > line.length())
		return false;
	p = line.get_buffer();
	n = line.length();
	i = x.column - 1;
	if (i + len <= n && !strncmp(p + i, word, len) &&
	    (i + len == n || !ident_char(p[i + len])))
		return true;
	while (i < n && ident_char(p[i]))
		i++;
	while (i < n && ISSPACE(p[i]))
		i++;
	if (i >= n || p[i++] != '=')
		return false;
	while (i < n && ISSPACE(p[i]))
		i++;
	if (i + len > n || strncmp(p + i, word, len))
		return false;
	for (i += len; i < n && ISSPACE(p[i]); i++)
		;
	return i < n && (p[i] == ';' || p[i] == ',');
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


/*
 * The @n-th argument (from 0) of the call whose text starts at @call, or
 * NULL.  Caller frees.
 */
char *ua_text_arg(const char *call, unsigned n)
{
	const char *p = strchr(call, '('), *start;
	char *arg = NULL;
	int depth = 0;
	unsigned i = 0;

	for (start = p ? ++p : NULL; p && *p; p++) {
		if (*p == '(' || *p == '[' || *p == '{') {
			depth++;
		} else if (*p == ')' || *p == ']' || *p == '}') {
			if (depth-- == 0)
				break;
		} else if (*p == ',' && !depth) {
			if (i == n)
				break;
			i++;
			start = p + 1;
		}
	}
	if (p && *p && i == n) {
		while (*start == ' ')
			start++;
		while (p > start && p[-1] == ' ')
			p--;
		arg = xstrndup(start, p - start);
	}
	return arg;
}

/*
 * The @n-th argument (from 0) of the call written at @loc, as text, or
 * NULL.  Caller frees.
 */
char *ua_call_arg_text(location_t loc, unsigned n)
{
	char *call = ua_source_call(loc), *arg = ua_text_arg(call, n);

	free(call);
	return arg;
}
