// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: unchecked begin two calls below its check, at level 0
 * check-description: The same code as distance_caller_chain.c: the access is proven (the check covers both members) and distance is a level-1 diagnostic, so the default level prints nothing.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_record {
	u32 id;
	u32 flags;
};

static noinline int fill_record(struct uc_record __user *rec, u32 id)
{
	__uaccess_begin();
	unsafe_put_user(id, &rec->id, efault);
	unsafe_put_user(0, &rec->flags, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

static noinline int fill_slot(struct uc_record __user *rec, u32 id)
{
	if (!id)
		return -EINVAL;
	return fill_record(rec, id);
}

int report_records(struct uc_record __user *recs, u32 id);
int report_records(struct uc_record __user *recs, u32 id)
{
	if (!access_ok(recs, sizeof(*recs)))
		return -EFAULT;
	return fill_slot(recs, id);
}
EXPORT_SYMBOL_GPL(report_records);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: unchecked begin whose access_ok() is two calls up");
