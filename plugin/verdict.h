/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What coverage, the region check and the call-chain search tell each
 * other about one use of a pointer.  A verdict decided in a caller has
 * already been reported at its call site (@reported), so the access
 * itself only counts it.
 */
#ifndef UACCESS_VERDICT_H
#define UACCESS_VERDICT_H

#include "uaccess_check.h"

#define UA_MAX_CHAIN 8

/* The calls from the function that checks (or opens) down to the access. */
struct ua_chain {
	unsigned n;
	gimple *call[UA_MAX_CHAIN];
	struct ua_fn *caller[UA_MAX_CHAIN];
	struct ua_fn *callee[UA_MAX_CHAIN];
};

struct ua_cover {
	enum ua_class cls;
	struct ua_ref ref;		/* the pointer, in @fn */
	struct ua_fn *fn;
	const struct ua_prim *check;	/* the check that decided */
	struct ua_fn *check_fn;
	const struct ua_prim *other;	/* dominating check of another pointer */
	const struct ua_prim *stray;	/* same pointer, not dominating */
	HOST_WIDE_INT first, last, checked;	/* UA_RANGE */
	bool via_callers;
	bool reported;
	bool requirement;		/* parameter of a function with no callers here */
	struct ua_chain chain;		/* from check_fn down to the access */
};

struct ua_region {
	enum ua_class cls;		/* UA_PROVEN, UA_REGION, UA_MODE, UA_UNPROVEN */
	const struct ua_prim *opener;	/* the begin (for UA_MODE, the wrong one) */
	struct ua_fn *opener_fn;
	bool via_callers;
	bool reported;
	bool requirement;
	struct ua_chain chain;		/* from opener_fn down to the access */
};

void ua_chain_add(struct ua_chain *chain, gimple *call, struct ua_fn *caller,
		  struct ua_fn *callee);

void ua_cover_at(struct ua_fn *fn, basic_block bb, gimple *stmt,
		 const struct ua_ref *ref, HOST_WIDE_INT size,
		 struct ua_access *acc, int depth, struct ua_cover *out);
void ua_cover_via_callers(struct ua_fn *fn, const struct ua_ref *ref,
			  HOST_WIDE_INT size, struct ua_access *acc,
			  int depth, struct ua_cover *out);
bool ua_cover_cell_via_callers(struct ua_fn *fn, tree parm, HOST_WIDE_INT coff,
			       const struct ua_ref *ref, HOST_WIDE_INT size,
			       struct ua_access *acc, int depth,
			       struct ua_cover *out);
tree ua_check_length(const struct ua_prim *p);
void ua_region_ok_at(struct ua_fn *fn, gimple *stmt, struct ua_access *acc,
		     int depth, struct ua_region *out);
void ua_region_via_callers(struct ua_fn *fn, struct ua_access *acc,
			   int depth, struct ua_region *out);
struct ua_prim *ua_region_opener(struct ua_fn *fn, uint64_t s);

/* judge.c: wording shared by the access and the call site */
const char *ua_unseen_callers(struct ua_fn *fn);
void ua_report_cover(location_t loc, tree fndecl, struct ua_access *acc,
		     const struct ua_cover *c, const char *callee);
void ua_report_region(location_t loc, tree fndecl, struct ua_access *acc,
		      const struct ua_region *r, const char *callee);

#endif
