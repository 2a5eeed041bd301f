// SPDX-License-Identifier: GPL-2.0
/*
 * Per-unit facts: a JSON file with the unit's accesses, checks, regions,
 * the calls that pass pointers out of accessor functions, and every
 * requirement left on a function's parameters (what a caller in another
 * unit has to provide).  The cross-unit merge in the driver reads them.
 *
 * Records are built as strings and sorted before writing, so the same
 * unit always gives the same bytes whatever order GCC walks it in.  The
 * schema is docs/facts.md.
 */
#include "uaccess_check.h"
#include "verdict.h"
#include <sys/stat.h>

enum { F_ACCESS, F_CHECK, F_REGION, F_CALL, F_REQUIREMENT, F_KINDS };

static const char *const facts_section[F_KINDS] = {
	"accesses", "checks", "regions", "calls", "requirements",
};

struct rec {
	char *text;
};

static struct rec *recs[F_KINDS];
static unsigned nrecs[F_KINDS];

static bool enabled(void)
{
	return ua_opts.facts_dir != NULL;
}

/* Append @s to @buf as a JSON string. */
static void json_str(struct obstack *ob, const char *s)
{
	obstack_1grow(ob, '"');
	for (; s && *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\') {
			obstack_1grow(ob, '\\');
			obstack_1grow(ob, c);
		} else if (c < 0x20) {
			char esc[8];

			snprintf(esc, sizeof(esc), "\\u%04x", c);
			obstack_grow(ob, esc, strlen(esc));
		} else {
			obstack_1grow(ob, c);
		}
	}
	obstack_1grow(ob, '"');
}

static void json_key(struct obstack *ob, const char *key, bool first)
{
	if (!first)
		obstack_grow(ob, ", ", 2);
	json_str(ob, key);
	obstack_grow(ob, ": ", 2);
}

static void json_kv(struct obstack *ob, const char *key, const char *val,
		    bool first)
{
	json_key(ob, key, first);
	if (val)
		json_str(ob, val);
	else
		obstack_grow(ob, "null", 4);
}

static void json_int(struct obstack *ob, const char *key, HOST_WIDE_INT v,
		     bool known)
{
	char num[32];

	json_key(ob, key, false);
	if (!known) {
		obstack_grow(ob, "null", 4);
		return;
	}
	snprintf(num, sizeof(num), HOST_WIDE_INT_PRINT_DEC, v);
	obstack_grow(ob, num, strlen(num));
}

/* "file", "line", "column" of a location, the column as GCC prints it. */
static void json_loc(struct obstack *ob, location_t loc)
{
	expanded_location x = expand_location(loc);

	json_kv(ob, "file", x.file, false);
	json_int(ob, "line", x.line, true);
	json_int(ob, "column", diagnostic_converted_column(global_dc, x), true);
}

static const char *fn_name(struct ua_fn *fn)
{
	return IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(fn->node->decl));
}

static void add(int kind, struct obstack *ob)
{
	unsigned i;
	char *text;

	obstack_1grow(ob, '}');
	obstack_1grow(ob, 0);
	text = xstrdup((char *)obstack_finish(ob));
	obstack_free(ob, NULL);
	for (i = 0; i < nrecs[kind]; i++)
		if (!strcmp(recs[kind][i].text, text)) {
			free(text);
			return;
		}
	recs[kind] = XRESIZEVEC(struct rec, recs[kind], nrecs[kind] + 1);
	recs[kind][nrecs[kind]++].text = text;
}

static const char *ua_mode_text(enum ua_mode m)
{
	static const char *const names[] = { "none", "read", "write", "rw" };

	return names[m];
}

static void json_bool(struct obstack *ob, bool v)
{
	obstack_grow(ob, v ? "true" : "false", v ? 4 : 5);
}

static void json_chain(struct obstack *ob, const struct ua_chain *chain)
{
	unsigned i;

	json_key(ob, "chain", false);
	obstack_1grow(ob, '[');
	for (i = 0; i < chain->n; i++) {
		obstack_grow(ob, i ? ", {" : "{", i ? 3 : 1);
		json_kv(ob, "caller", fn_name(chain->caller[i]), true);
		json_kv(ob, "callee", fn_name(chain->callee[i]), false);
		json_loc(ob, ua_user_location(gimple_location(chain->call[i])));
		obstack_1grow(ob, '}');
	}
	obstack_1grow(ob, ']');
}

/* How a pointer was judged: the verdict, the check and its chain. */
static void json_check(struct obstack *ob, const struct ua_cover *c)
{
	char *text = c->check ? ua_source_call(c->check->loc) : NULL;

	obstack_1grow(ob, '{');
	json_kv(ob, "verdict", ua_class_name(c->cls), true);
	json_key(ob, "requirement", false);
	json_bool(ob, c->requirement);
	json_kv(ob, "primitive", c->check ? c->check->name : NULL, false);
	json_kv(ob, "text", text, false);
	if (c->check) {
		json_kv(ob, "function", fn_name(c->check_fn), false);
		json_loc(ob, c->check->loc);
	}
	json_int(ob, "calls", c->chain.n, true);
	json_chain(ob, &c->chain);
	obstack_1grow(ob, '}');
	free(text);
}

static void json_region(struct obstack *ob, const struct ua_region *r)
{
	if (!r || !r->opener) {
		obstack_grow(ob, "null", 4);
		return;
	}
	obstack_1grow(ob, '{');
	json_kv(ob, "primitive", r->opener->name, true);
	json_key(ob, "checks", false);
	json_bool(ob, r->opener->kind == PRIM_BEGIN);
	json_kv(ob, "function", fn_name(r->opener_fn), false);
	json_loc(ob, r->opener->loc);
	json_int(ob, "calls", r->chain.n, true);
	obstack_1grow(ob, '}');
}

void ua_facts_access(struct ua_access *acc)
{
	struct obstack ob;

	if (!enabled())
		return;
	gcc_obstack_init(&ob);
	obstack_1grow(&ob, '{');
	json_kv(&ob, "function", fn_name(acc->fn), true);
	json_loc(&ob, acc->loc);
	json_kv(&ob, "accessor", acc->name, false);
	json_kv(&ob, "mode", ua_mode_text(acc->mode), false);
	json_kv(&ob, "verdict", ua_class_name(acc->verdict), false);
	json_key(&ob, "via_callers", false);
	json_bool(&ob, acc->via_callers);
	json_key(&ob, "check", false);
	if (acc->cover)
		json_check(&ob, acc->cover);
	else
		obstack_grow(&ob, "null", 4);
	json_key(&ob, "region", false);
	json_region(&ob, acc->region);
	add(F_ACCESS, &ob);
}

static void prim_record(struct ua_fn *fn, struct ua_prim *p, int kind)
{
	bool checks = p->kind != PRIM_STAC && p->kind != PRIM_CLAC;
	struct obstack ob;

	gcc_obstack_init(&ob);
	obstack_1grow(&ob, '{');
	json_kv(&ob, "function", fn_name(fn), true);
	json_loc(&ob, p->loc);
	json_kv(&ob, "primitive", p->name, false);
	json_kv(&ob, "mode", ua_mode_text(p->mode), false);
	json_key(&ob, "checks", false);
	obstack_grow(&ob, checks ? "true" : "false", checks ? 4 : 5);
	add(kind, &ob);
}

/* A checking begin is both a check and a region. */
void ua_facts_prim(struct ua_fn *fn, struct ua_prim *p)
{
	if (!enabled())
		return;
	if (p->kind == PRIM_ACCESS_OK || p->kind == PRIM_MASK ||
	    p->kind == PRIM_BEGIN)
		prim_record(fn, p, F_CHECK);
	if (p->kind == PRIM_BEGIN || p->kind == PRIM_STAC ||
	    p->kind == PRIM_CLAC)
		prim_record(fn, p, F_REGION);
}

static const char *root_kind(enum ua_root_kind k)
{
	static const char *const names[] = { "none", "parm", "value", "load" };

	return names[k];
}

/* Is this a call whose callee's requirements another unit may hold? */
static bool public_callee(tree callee)
{
	cgraph_node *node = cgraph_node::get(callee);

	if (!DECL_NAME(callee) || fndecl_built_in_p(callee) ||
	    ua_is_primitive_body(callee))
		return false;
	return TREE_PUBLIC(callee) || !node || !node->has_gimple_body_p();
}

static const char *region_at_call(struct ua_fn *fn, gimple *call)
{
	uint64_t s = ua_region_at(fn, call);

	if ((s & RS_CLOSED) ||
	    ((s & RS_ENTRY) && (fn->ntokens || ua_is_syscall(fn))))
		return "closed";
	return s & RS_ENTRY ? "caller" : "open";
}

static void json_arg(struct obstack *ob, struct ua_fn *fn, gimple *call,
		     unsigned i, const struct ua_ref *ref)
{
	struct ua_cover c;
	char num[16];

	json_key(ob, "index", true);
	snprintf(num, sizeof(num), "%u", i);
	obstack_grow(ob, num, strlen(num));
	json_kv(ob, "pointer", ua_root_text(ref), false);
	json_kv(ob, "root", root_kind(ref->kind), false);
	json_int(ob, "param_index",
		 ref->kind == ROOT_PARM ?
		 ua_parm_index(fn->node->decl, ref->root) : 0,
		 ref->kind == ROOT_PARM);
	json_int(ob, "offset", ref->off, ref->off_known);
	ua_quiet = true;
	ua_cover_at(fn, gimple_bb(call), call, ref, -1, NULL, 0, &c);
	ua_quiet = false;
	json_key(ob, "check", false);
	json_check(ob, &c);
}

/*
 * A call to a function other units may define, with how each pointer
 * argument is checked at the call: the cross-unit merge matches these
 * against the callee's requirements.
 */
void ua_facts_call(struct ua_fn *fn, gimple *call)
{
	tree callee = gimple_call_fndecl(call);
	struct obstack ob;
	unsigned i;
	bool any = false;

	if (!enabled() || !callee || !public_callee(callee))
		return;
	gcc_obstack_init(&ob);
	obstack_1grow(&ob, '{');
	json_kv(&ob, "caller", fn_name(fn), true);
	json_kv(&ob, "callee",
		IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(callee)), false);
	json_loc(&ob, ua_user_location(gimple_location(call)));
	json_kv(&ob, "region", region_at_call(fn, call), false);
	json_key(&ob, "args", false);
	obstack_1grow(&ob, '[');
	for (i = 0; i < gimple_call_num_args(call); i++) {
		tree arg = gimple_call_arg(call, i);
		struct ua_refs refs;

		if (!POINTER_TYPE_P(TREE_TYPE(arg)))
			continue;
		ua_resolve(arg, &refs);
		if (refs.n != 1 || refs.overflow)
			continue;
		obstack_grow(&ob, any ? ", {" : "{", any ? 3 : 1);
		any = true;
		json_arg(&ob, fn, call, i, &refs.ref[0]);
		obstack_1grow(&ob, '}');
	}
	obstack_1grow(&ob, ']');
	if (any)
		add(F_CALL, &ob);
	else
		obstack_free(&ob, NULL);
}

void ua_facts_requirement(struct ua_fn *fn, tree parm,
			  struct ua_access *acc, const struct ua_ref *ref,
			  const char *needs)
{
	struct obstack ob;

	if (!enabled() || ua_quiet)
		return;
	gcc_obstack_init(&ob);
	obstack_1grow(&ob, '{');
	json_kv(&ob, "function", fn_name(fn), true);
	json_key(&ob, "global", false);
	json_bool(&ob, TREE_PUBLIC(fn->node->decl));
	json_kv(&ob, "needs", needs, false);
	json_int(&ob, "param_index",
		 parm ? ua_parm_index(fn->node->decl, parm) : 0, parm != NULL);
	json_kv(&ob, "param", parm && DECL_NAME(parm) ?
		IDENTIFIER_POINTER(DECL_NAME(parm)) : NULL, false);
	json_int(&ob, "offset", ref ? ref->off : 0, ref && ref->off_known);
	json_kv(&ob, "accessor", acc->name, false);
	json_key(&ob, "access", false);
	obstack_1grow(&ob, '{');
	json_kv(&ob, "function", fn_name(acc->fn), true);
	json_loc(&ob, acc->loc);
	obstack_1grow(&ob, '}');
	add(F_REQUIREMENT, &ob);
}

static int compare_recs(const void *a, const void *b)
{
	return strcmp(((const struct rec *)a)->text,
		      ((const struct rec *)b)->text);
}

/* Create the directories of @path, as mkdir -p would. */
static void make_dirs(char *path)
{
	char *p;

	for (p = path + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = 0;
		mkdir(path, 0777);
		*p = '/';
	}
}

static void write_file(FILE *f, const char *unit)
{
	struct obstack ob;
	int k;
	unsigned i;

	gcc_obstack_init(&ob);
	json_str(&ob, unit);
	obstack_1grow(&ob, 0);
	fprintf(f, "{\n  \"version\": 1,\n  \"unit\": %s", (char *)obstack_finish(&ob));
	obstack_free(&ob, NULL);
	for (k = 0; k < F_KINDS; k++) {
		qsort(recs[k], nrecs[k], sizeof(struct rec), compare_recs);
		fprintf(f, ",\n  \"%s\": [", facts_section[k]);
		for (i = 0; i < nrecs[k]; i++)
			fprintf(f, "%s\n    %s", i ? "," : "", recs[k][i].text);
		fprintf(f, "%s]", nrecs[k] ? "\n  " : "");
	}
	fprintf(f, "\n}\n");
}

static void reset(void)
{
	int k;
	unsigned i;

	for (k = 0; k < F_KINDS; k++) {
		for (i = 0; i < nrecs[k]; i++)
			free(recs[k][i].text);
		free(recs[k]);
		recs[k] = NULL;
		nrecs[k] = 0;
	}
}

/* Write DIR/<unit>.json; units with nothing to say write nothing. */
void ua_facts_write(const char *unit)
{
	char *path;
	FILE *f;

	if (!enabled() || (!nrecs[F_ACCESS] && !nrecs[F_CHECK] &&
			   !nrecs[F_REGION] && !nrecs[F_CALL])) {
		reset();
		return;
	}
	/* stay inside DIR: drop a leading "/", "./" or "../" */
	for (;;) {
		if (*unit == '/')
			unit++;
		else if (startswith(unit, "./"))
			unit += 2;
		else if (startswith(unit, "../"))
			unit += 3;
		else
			break;
	}
	path = concat(ua_opts.facts_dir, "/", unit, ".json", NULL);
	make_dirs(path);
	f = fopen(path, "w");
	if (!f) {
		/* a checker must not fail the build it watches */
		fprintf(stderr, "uaccess_check: cannot write facts to %s: %s\n",
			path, xstrerror(errno));
	} else {
		write_file(f, unit);
		fclose(f);
	}
	free(path);
	reset();
}
