// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: the scope's run-once loops, left early and entered again
 * check-description: A scope is three nested run-once for loops whose cleanup ends the region on each way out: a continue in the body ends the scope like a break, two scopes in a row each open and close their own region, and a scope in the body of a loop is opened and closed once per iteration; a hand-written run-once loop of the same shape with a checking begin and its end inside the body is decided the same way; every access is inside an open region, so nothing is reported.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_ring {
	u32 head;
	u32 tail;
};

struct v7_ring_args {
	struct v7_ring __user *ring;
	u32 __user *slots;
	u32 head;
	u32 tail;
	u32 vals[8];
};

int v7_ring_continue(struct v7_ring_args *args);
int v7_ring_continue(struct v7_ring_args *args)
{
	struct v7_ring __user *r = args->ring;

	scoped_user_read_access(r, efault) {
		unsafe_get_user(args->head, &r->head, efault);
		if (!args->head)
			continue;
		unsafe_get_user(args->tail, &r->tail, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_ring_continue);

int v7_ring_two_scopes(struct v7_ring_args *args);
int v7_ring_two_scopes(struct v7_ring_args *args)
{
	struct v7_ring __user *r = args->ring;

	scoped_user_read_access(r, efault) {
		unsafe_get_user(args->tail, &r->tail, efault);
	}
	scoped_user_write_access(r, efault) {
		unsafe_put_user(args->tail, &r->head, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_ring_two_scopes);

int v7_ring_fill(struct v7_ring_args *args);
int v7_ring_fill(struct v7_ring_args *args)
{
	u32 __user *slots = args->slots;
	int i;

	for (i = 0; i < ARRAY_SIZE(args->vals); i++) {
		scoped_user_write_access(slots, efault) {
			unsafe_put_user(args->vals[i], slots, efault);
		}
		slots++;
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_ring_fill);

int v7_ring_once_by_hand(struct v7_ring_args *args);
int v7_ring_once_by_hand(struct v7_ring_args *args)
{
	struct v7_ring __user *r = args->ring;

	for (bool done = false; !done; done = true) {
		if (!user_write_access_begin(r, sizeof(*r)))
			return -EFAULT;
		unsafe_put_user(args->head, &r->head, efault);
		user_write_access_end();
	}
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_ring_once_by_hand);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: the scope's run-once loops, left early and entered again");
