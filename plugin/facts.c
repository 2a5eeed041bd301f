// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 4, output: per-unit facts, a JSON file with the unit's accesses,
 * checks, regions, the calls that pass pointers to other units' functions,
 * and every requirement left on a function's parameters (what a caller in
 * another unit has to provide).  The cross-unit merge in the driver reads
 * them.  This file only serialises the verdicts of the queries.
 *
 * Records are built as strings and sorted before writing, so the same
 * unit always gives the same bytes whatever order GCC walks it in: one
 * record per accessor and primitive as written (identical ones, such as
 * three stores of one macro line, stay three); requirements are a set.
 * The schema is docs/facts.md.
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

static const char *symbol(struct ua_fn *fn)
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
	for (i = 0; kind == F_REQUIREMENT && i < nrecs[kind]; i++)
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
		json_kv(ob, "caller", symbol(chain->caller[i]), true);
		json_kv(ob, "callee", symbol(chain->callee[i]), false);
		json_loc(ob, ua_user_location(gimple_location(chain->call[i])));
		obstack_1grow(ob, '}');
	}
	obstack_1grow(ob, ']');
}

/* The kept pointer a verdict without a proof fell short on, if any. */
static const struct ua_kept *kept_short(const struct ua_verdict *v)
{
	unsigned i;

	for (i = 0; i < v->nfindings; i++)
		if (v->finding[i].kept)
			return v->finding[i].kept;
	return NULL;
}

/*
 * How a pointer was judged: the verdict, the check and its chain.  A kept
 * pointer's check is named whether or not it covers the access.
 */
static void json_check(struct obstack *ob, const struct ua_verdict *v)
{
	const struct ua_proof *p = ua_farthest_proof(v);
	const struct ua_kept *kept = p ? p->kept : kept_short(v);
	char *text = p && !kept ? ua_source_call(p->prim->loc) : NULL;
	struct ua_chain none;

	none.n = 0;
	if (kept)
		p = NULL;	/* checked in another unit: no primitive here */
	obstack_1grow(ob, '{');
	json_kv(ob, "verdict", ua_class_name(v->cls), true);
	json_key(ob, "requirement", false);
	json_bool(ob, v->nreqs > 0);
	json_kv(ob, "primitive", p ? p->prim->name : NULL, false);
	json_kv(ob, "text", kept ? kept->check : text, false);
	if (p) {
		json_kv(ob, "function", symbol(p->prim_fn), false);
		json_loc(ob, p->prim->loc);
	}
	json_int(ob, "calls", p ? p->chain.n : 0, true);
	json_chain(ob, p ? &p->chain : &none);
	if (!p)
		json_kv(ob, "stored", kept ? kept->where : NULL, false);
	obstack_1grow(ob, '}');
	free(text);
}

static void json_region(struct obstack *ob, const struct ua_verdict *v)
{
	const struct ua_proof *p = ua_farthest_proof(v);

	if (!p) {
		obstack_grow(ob, "null", 4);
		return;
	}
	obstack_1grow(ob, '{');
	json_kv(ob, "primitive", p->prim->name, true);
	json_key(ob, "checks", false);
	json_bool(ob, ua_prim_props[p->prim->kind].checks);
	json_kv(ob, "function", symbol(p->prim_fn), false);
	json_loc(ob, p->prim->loc);
	json_int(ob, "calls", p->chain.n, true);
	obstack_1grow(ob, '}');
}

/*
 * The pointer argument of primitive or accessor @name written at @loc (or
 * inside the call written there: "unlikely(__get_user(x, p))"); NULL when
 * @name is not written there (a wrapper's arguments are its own).
 */
static char *pointer_text(const char *name, location_t loc)
{
	int n = ua_pointer_arg(name);
	size_t len = strlen(name);
	char *call, *at, *arg = NULL;

	if (n < 0)
		return NULL;
	call = ua_source_call(loc);
	for (at = strstr(call, name); at; at = strstr(at + 1, name)) {
		bool word = at == call || !(ISIDNUM(at[-1]));

		if (word && at[len] == '(') {
			arg = ua_text_arg(at, n);
			break;
		}
	}
	free(call);
	return arg;
}

/*
 * Why an access proven with no check to name needs none: what the queries
 * said (arm64's own member, a 32-bit pointer, a compat argument, a get_user()
 * of it before), or "bound" when every path to it was cut by a test of the
 * pointer itself (a bound against the top of user space, bound.c; a kernel
 * or null address, paths.c).  NULL when a check proves it, or it is not
 * proven.
 */
static const char *proven_by(const struct ua_access *acc)
{
	if (acc->proven_by)
		return acc->proven_by;
	if (acc->cover->cls != UA_PROVEN || acc->cover->nproofs ||
	    acc->region->cls != UA_PROVEN)
		return NULL;
	return "bound";
}

static void access_record(struct ua_access *acc)
{
	char *ptr = pointer_text(acc->name, acc->loc);
	struct obstack ob;

	gcc_obstack_init(&ob);
	obstack_1grow(&ob, '{');
	json_kv(&ob, "function", symbol(acc->fn), true);
	json_loc(&ob, acc->loc);
	json_kv(&ob, "accessor", acc->name, false);
	json_kv(&ob, "pointer", ptr, false);
	json_kv(&ob, "mode", ua_mode_text(acc->mode), false);
	json_kv(&ob, "verdict",
		ua_class_name(MAX(acc->cover->cls, acc->region->cls)), false);
	json_key(&ob, "via_callers", false);
	json_bool(&ob, acc->cover->via_callers || acc->region->via_callers);
	json_key(&ob, "check", false);
	json_check(&ob, acc->cover);
	json_key(&ob, "region", false);
	json_region(&ob, acc->region);
	json_kv(&ob, "proven_by", proven_by(acc), false);
	add(F_ACCESS, &ob);
	free(ptr);
}

static void prim_record(struct ua_fn *fn, const struct ua_prim *p, int kind)
{
	char *ptr = pointer_text(p->name, p->loc);
	struct obstack ob;

	gcc_obstack_init(&ob);
	obstack_1grow(&ob, '{');
	json_kv(&ob, "function", symbol(fn), true);
	json_loc(&ob, p->loc);
	json_kv(&ob, "primitive", p->name, false);
	json_kv(&ob, "pointer", ptr, false);
	json_kv(&ob, "mode", ua_mode_text(p->mode), false);
	json_key(&ob, "checks", false);
	json_bool(&ob, ua_prim_props[p->kind].checks);
	add(kind, &ob);
	free(ptr);
}

/* A checking begin is both a check and a region; helpers are neither. */
static void prim_records(struct ua_fn *fn, const struct ua_prim *p)
{
	if (p->kind == PRIM_HELPER)
		return;
	if (ua_prim_props[p->kind].checks)
		prim_record(fn, p, F_CHECK);
	if (ua_prim_opens(p) || p->kind == PRIM_END)
		prim_record(fn, p, F_REGION);
}

static const char *root_kind(enum ua_root_kind k)
{
	static const char *const names[] = { "none", "parm", "value", "load" };

	return names[k];
}

static void json_arg(struct obstack *ob, struct ua_fn *fn,
		     const struct ua_call_facts *cf, unsigned i)
{
	const struct ua_ref *ref = &cf->ref[i];
	char num[16];

	json_key(ob, "index", true);
	snprintf(num, sizeof(num), "%u", cf->index[i]);
	obstack_grow(ob, num, strlen(num));
	json_kv(ob, "pointer", ua_root_text(ref), false);
	json_kv(ob, "root", root_kind(ref->kind), false);
	json_int(ob, "param_index",
		 ref->kind == ROOT_PARM ?
		 ua_parm_index(fn->node->decl, ref->root) : 0,
		 ref->kind == ROOT_PARM);
	json_int(ob, "offset", ref->off, ref->off_known);
	json_key(ob, "check", false);
	json_check(ob, cf->check[i]);
}

/*
 * A call to a function other units may define, with how each pointer
 * argument is checked at the call: the cross-unit merge matches these
 * against the callee's requirements.
 */
static void call_record(struct ua_fn *fn, const struct ua_call_facts *cf)
{
	struct obstack ob;
	unsigned i;

	gcc_obstack_init(&ob);
	obstack_1grow(&ob, '{');
	json_kv(&ob, "caller", symbol(fn), true);
	json_kv(&ob, "callee",
		IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(cf->callee)), false);
	json_loc(&ob, ua_user_location(gimple_location(cf->call)));
	json_kv(&ob, "region", cf->region, false);
	json_key(&ob, "args", false);
	obstack_1grow(&ob, '[');
	for (i = 0; i < cf->nargs; i++) {
		obstack_grow(&ob, i ? ", {" : "{", i ? 3 : 1);
		json_arg(&ob, fn, cf, i);
		obstack_1grow(&ob, '}');
	}
	obstack_1grow(&ob, ']');
	add(F_CALL, &ob);
}

static void requirement_record(const struct ua_requirement *r,
			       struct ua_access *acc)
{
	struct ua_fn *fn = r->fn;
	tree parm = r->region ? NULL_TREE : r->ref.root;
	struct obstack ob;

	gcc_obstack_init(&ob);
	obstack_1grow(&ob, '{');
	json_kv(&ob, "function", symbol(fn), true);
	json_key(&ob, "global", false);
	json_bool(&ob, TREE_PUBLIC(fn->node->decl));
	json_kv(&ob, "needs", r->region ? "region" : "check", false);
	json_int(&ob, "param_index",
		 parm ? ua_parm_index(fn->node->decl, parm) : 0, parm != NULL);
	json_kv(&ob, "param", parm && DECL_NAME(parm) ?
		IDENTIFIER_POINTER(DECL_NAME(parm)) : NULL, false);
	json_int(&ob, "offset", r->region ? 0 : r->ref.off,
		 !r->region && r->ref.off_known);
	json_kv(&ob, "accessor", acc->name, false);
	json_key(&ob, "access", false);
	obstack_1grow(&ob, '{');
	json_kv(&ob, "function", symbol(acc->fn), true);
	json_loc(&ob, acc->loc);
	obstack_1grow(&ob, '}');
	add(F_REQUIREMENT, &ob);
}

static void fn_records(struct ua_fn *fn)
{
	unsigned i, j;

	for (i = 0; i < ua_nprims(fn); i++)
		prim_records(fn, ua_prim_at(fn, i));
	for (i = 0; i < fn->ncalls; i++)
		call_record(fn, &fn->calls[i]);
	for (i = 0; i < fn->naccesses; i++) {
		struct ua_access *acc = &fn->accesses[i];

		access_record(acc);
		for (j = 0; j < acc->cover->nreqs; j++)
			requirement_record(&acc->cover->req[j], acc);
		for (j = 0; j < acc->region->nreqs; j++)
			requirement_record(&acc->region->req[j], acc);
	}
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
	unsigned i;
	char *path;
	FILE *f;

	if (!ua_opts.facts_dir)
		return;
	for (i = 0; i < ua_unit_count(); i++)
		fn_records(ua_unit_fn(i));
	if (!nrecs[F_ACCESS] && !nrecs[F_CHECK] && !nrecs[F_REGION] &&
	    !nrecs[F_CALL]) {
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
