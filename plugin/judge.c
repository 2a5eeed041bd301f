// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 4, output: which findings are said, and where.
 *
 * Coverage (unchecked, range, unproven) and region (region, mode) are
 * independent questions, so one access can earn one diagnostic of each.
 * A finding a caller decided is said at its call site, once per call and
 * class whatever the accessors behind it; the access itself then says
 * nothing more.  A finding decided in the access's own function is said
 * at the access, once per class.  unproven is said only at level 2, and
 * only where nothing worse was found.  The counts of the verbose summary
 * come from the same verdicts.
 */
#include "uaccess_check.h"
#include "verdict.h"

typedef void (*say_fn)(const struct ua_finding *f, struct ua_access *acc);

struct said {
	gimple *call;
	const struct ua_access *acc;	/* for findings at the access */
	enum ua_class cls;
	say_fn question;		/* coverage or region */
};

static vec<struct said> said;

/* True the first time (call or access, class, question) is said. */
static bool first_time(const struct ua_finding *f, const struct ua_access *acc,
		       say_fn question)
{
	struct said s = { f->call, f->call ? NULL : acc, f->cls, question };
	unsigned i;

	for (i = 0; i < said.length(); i++)
		if (said[i].call == s.call && said[i].acc == s.acc &&
		    said[i].cls == s.cls && said[i].question == s.question)
			return false;
	said.safe_push(s);
	return true;
}

/* The unproven finding to say: a requirement first, then a known check. */
static const struct ua_finding *soft_finding(const struct ua_verdict *v)
{
	const struct ua_finding *best = NULL;
	unsigned i;

	for (i = 0; i < v->nfindings; i++) {
		const struct ua_finding *f = &v->finding[i];

		if (f->cls != UA_UNPROVEN)
			continue;
		if (!best || (f->requirement && !best->requirement) ||
		    (f->prim && !best->prim && !best->requirement))
			best = f;
	}
	return best;
}

/* One verdict per access and site: unchecked hides range, region mode. */
static bool worst_at_site(const struct ua_verdict *v, const struct ua_finding *f)
{
	unsigned i;

	for (i = 0; i < v->nfindings; i++)
		if (v->finding[i].call == f->call && v->finding[i].cls > f->cls)
			return false;
	return true;
}

/* Say what @v holds for @acc; true when an error was found. */
static bool say_verdict(struct ua_access *acc, const struct ua_verdict *v,
			say_fn say, bool soft_needs_requirement)
{
	const struct ua_finding *soft;
	bool error = false;
	unsigned i;

	for (i = 0; i < v->nfindings; i++) {
		const struct ua_finding *f = &v->finding[i];

		if (!UA_IS_ERROR(f->cls))
			continue;
		error = true;
		if (worst_at_site(v, f) && first_time(f, acc, say))
			say(f, acc);
	}
	if (error || ua_opts.level < 2)
		return error;
	soft = soft_finding(v);
	if (soft && (soft->requirement || !soft_needs_requirement) &&
	    first_time(soft, acc, say))
		say(soft, acc);
	return false;
}

static void judge_access(struct ua_access *acc, struct ua_counts *counts)
{
	bool reported;
	enum ua_class cls = MAX(acc->cover->cls, acc->region->cls);

	reported = say_verdict(acc, acc->cover, ua_say_cover, false);
	reported |= say_verdict(acc, acc->region, ua_say_region, true);
	counts->accesses++;
	if (reported)
		counts->reported++;
	else if (cls == UA_UNPROVEN)
		counts->unproven++;
	else if (acc->cover->via_callers || acc->region->via_callers)
		counts->callers++;
	else
		counts->proven++;
}

static int by_place(const void *a, const void *b)
{
	const struct ua_access *x = *(const struct ua_access *const *)a;
	const struct ua_access *y = *(const struct ua_access *const *)b;
	int c = ua_compare_locations(x->loc, y->loc);

	return c ? c : (x < y ? -1 : x > y);
}

/*
 * Accesses are judged in source order, so that a call reported once for
 * several accessors names the first of them.
 */
void ua_judge_unit(struct ua_counts *counts)
{
	vec<struct ua_access *> all = vNULL;
	unsigned i, j;

	memset(counts, 0, sizeof(*counts));
	for (i = 0; i < ua_unit_count(); i++) {
		struct ua_fn *fn = ua_unit_fn(i);

		for (j = 0; j < fn->nfindings; j++)
			ua_say_fn_finding(fn, &fn->findings[j]);
		for (j = 0; j < fn->naccesses; j++)
			all.safe_push(&fn->accesses[j]);
	}
	all.qsort(by_place);
	for (i = 0; i < all.length(); i++)
		judge_access(all[i], counts);
	all.release();
	said.release();
}
