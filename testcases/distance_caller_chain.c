// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: unchecked begin whose access_ok() is two calls up
 * check-description: The seed's shape: fill_record() opens its region with __uaccess_begin(), which checks nothing; the access_ok() that makes it safe is in report_records(), two calls up through fill_slot(). Level 1 names the check, both calls and the distance.
 * check-level: 1
 *
 * check-output-start
distance_caller_chain.c:32:9: warning: __uaccess_begin() opens a region whose access_ok() is in report_records(), 2 calls up [-Wuaccess-distance]
distance_caller_chain.c:51:14: note: checked here: access_ok(recs, sizeof(*recs))
distance_caller_chain.c:53:16: note: call 1 of 2: report_records() calls fill_slot()
distance_caller_chain.c:45:16: note: call 2 of 2: fill_slot() calls fill_record()
distance_caller_chain.c:31:9: note: region opened here
distance_caller_chain.c:32:9: note: distance: 2 calls, 19 source lines from the check to this access
distance_caller_chain.c:32:9: note: the check covers the bytes accessed here
distance_caller_chain.c:33:9: note: the region also holds unsafe_put_user() here
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
