/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the queries (phase 3) answer and the output (phase 4) reads.
 *
 * A verdict is the answer to one question about one use of a pointer:
 * "is it validated, for these bytes, on every path?" (coverage) or "is a
 * region open that allows this access on every path?" (region).  It holds
 * the worst class over every path, the ways the access was validated
 * (proofs: the check or begin, its function and the calls from there down
 * to the access, each from one path), the errors to report (findings: at
 * the access itself, or at the call site of a caller that got it wrong)
 * and what rests on callers the unit cannot see (requirements).  The
 * lists are bounded; the class always counts every path.  The queries
 * only fill verdicts; they never print or record anything.
 */
#ifndef UACCESS_VERDICT_H
#define UACCESS_VERDICT_H

#include "uaccess_check.h"

#define UA_MAX_CHAIN 8
#define UA_MAX_PROOFS 8
#define UA_MAX_REQS 4

/* The calls from the function that checks (or opens) down to the access. */
struct ua_chain {
	unsigned n;
	gimple *call[UA_MAX_CHAIN];
	struct ua_fn *caller[UA_MAX_CHAIN];
	struct ua_fn *callee[UA_MAX_CHAIN];
};

/* A kept user pointer and the check made when it was stored (kept.c). */
struct ua_kept {
	bool field;		/* a member of @record, else returned by @name() */
	const char *record, *name;
	HOST_WIDE_INT bytes;	/* the check covers these, from the pointer */
	const char *error;	/* a source's error predicate, or NULL */
	const char *check, *where;
};

/* One way the access is validated, or its region opened, on some path. */
struct ua_proof {
	enum ua_class cls;		/* proven, or how far it falls short */
	const struct ua_prim *prim;	/* NULL: @kept */
	const struct ua_kept *kept;
	struct ua_fn *prim_fn;
	struct ua_ref ref;		/* the pointer in prim_fn's terms */
	struct ua_chain chain;
};

/* A range whose end is not known: a loop, from its first byte on. */
#define UA_UNKNOWN_LAST HOST_WIDE_INT_MIN

/* Why a family member's unchecked path is only unproven (family.c). */
enum ua_unseen {
	UA_UNSEEN_NO,		/* it is not: unchecked */
	UA_UNSEEN_SOURCE,	/* not shown to be the user's own value */
	UA_UNSEEN_FIELD_CHECKED, /* the unit checks the member elsewhere */
	UA_UNSEEN_PASSED,	/* handed to a call first, which may check */
};

/*
 * Something wrong, decided in @fn: at the access when @call is NULL,
 * else at @call, the call of @callee in @caller that passes it on.
 */
struct ua_finding {
	enum ua_class cls;
	struct ua_fn *fn;
	gimple *call;
	struct ua_fn *caller, *callee;
	gimple *below;		/* the call in @callee leading on, or NULL */
	struct ua_ref ref;			/* the pointer in @fn */
	const struct ua_prim *prim;		/* range: the check; mode: the begin */
	const struct ua_prim *other;		/* dominating check of another pointer */
	const struct ua_prim *stray;		/* same pointer, not on every path */
	HOST_WIDE_INT first, last;		/* range: bytes of the root */
	HOST_WIDE_INT checked, checked_at;	/* ... and the bytes checked */
	bool requirement;			/* unproven: callers not seen */
	gimple *anchor;		/* an alias of a masked pointer: the access
				   through the masked pointer that runs first */
	bool near;		/* range: bytes counted from ref.near */
	const struct ua_kept *kept;	/* range, unproven: a kept pointer's */
	/* family, unproven: why an unchecked path is not level 0 */
	enum ua_unseen unseen;
	struct ua_fn *unseen_checker;	/* ... a function checking the member */
	gimple *unseen_call;		/* ... the call handed it before */
};

/* What @fn needs from callers outside the unit. */
struct ua_requirement {
	struct ua_fn *fn;
	bool region;
	struct ua_ref ref;		/* coverage: the parameter and offset */
};

struct ua_verdict {
	enum ua_class cls;		/* the worst over every path */
	bool via_callers;
	unsigned nproofs, nfindings, nreqs;
	struct ua_proof proof[UA_MAX_PROOFS];
	/*
	 * Every finding is kept, however many callers get it wrong: a
	 * finding dropped here would be a bug not said.
	 */
	unsigned afindings;
	struct ua_finding *finding;
	struct ua_requirement req[UA_MAX_REQS];
};

/* callchain.c: verdicts and the one walk over the callers */
void ua_verdict_init(struct ua_verdict *v);
void ua_verdict_free(struct ua_verdict *v);
void ua_verdict_add_proof(struct ua_verdict *v, const struct ua_proof *p);
void ua_verdict_add_finding(struct ua_verdict *v, const struct ua_finding *f);
const struct ua_proof *ua_farthest_proof(const struct ua_verdict *v);

typedef void (*ua_ask_fn)(struct ua_fn *caller, gimple *call,
			  struct ua_fn *callee, const void *question,
			  int depth, struct ua_verdict *out);
void ua_ask_callers(struct ua_fn *fn, const struct ua_ref *need, int depth,
		    ua_ask_fn ask, const void *question, struct ua_verdict *out);

/* kept.c */
const struct ua_kept *ua_kept_root(const struct ua_ref *ref);

/* coverage.c */
HOST_WIDE_INT ua_asm_refs(const struct ua_asm *x, struct ua_refs *out);
void ua_cover_at(struct ua_fn *fn, basic_block bb, gimple *stmt,
		 const struct ua_ref *ref, HOST_WIDE_INT size, int depth,
		 struct ua_verdict *out);
void ua_cover_len_at(struct ua_fn *fn, basic_block bb, gimple *stmt,
		     const struct ua_ref *ref, HOST_WIDE_INT size, tree len,
		     int depth, struct ua_verdict *out);
tree ua_check_length(const struct ua_prim *p);

/* family.c: the __get_user() family's own questions */
void ua_family_region(struct ua_access *acc);
bool ua_family_checked_before(struct ua_access *acc, const struct ua_asm *x);
void ua_family_levels(struct ua_access *acc);

/* regioncheck.c */
void ua_region_ok_at(struct ua_fn *fn, gimple *stmt, enum ua_mode mode,
		     int depth, struct ua_verdict *out);
const char *ua_region_word(struct ua_fn *fn, gimple *call);

/* the facts of a call to another unit's function (facts=DIR only) */
#define UA_MAX_CALL_ARGS 8

struct ua_call_facts {
	gimple *call;
	tree callee;
	const char *region;
	unsigned nargs;
	unsigned index[UA_MAX_CALL_ARGS];
	struct ua_ref ref[UA_MAX_CALL_ARGS];
	struct ua_verdict *check[UA_MAX_CALL_ARGS];
};

/* messages.c: the words of every diagnostic */
void ua_say_cover(const struct ua_finding *f, struct ua_access *acc);
void ua_say_region(const struct ua_finding *f, struct ua_access *acc);
void ua_say_fn_finding(struct ua_fn *fn, const struct ua_fn_finding *f);
const char *ua_unseen_callers(struct ua_fn *fn);

/* report.c: the diagnostic manager */
struct ua_diag;
struct ua_diag *ua_report(location_t loc, enum ua_class cls, tree fndecl,
			  const char *fmt, ...) ATTRIBUTE_PRINTF_4;
void ua_note(struct ua_diag *d, location_t loc, const char *fmt, ...)
	ATTRIBUTE_PRINTF_3;
const char *ua_class_name(enum ua_class cls);

#endif
