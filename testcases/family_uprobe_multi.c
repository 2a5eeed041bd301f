// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: __get_user() on three attribute arrays with no access_ok()
 * check-description: The bpf uprobe_multi link shape (bpf_uprobe_multi_link_attach(), kernel/trace/bpf_trace.c, CVE-2026-74258, fixed by 4d87a251d45b "bpf: Guard __get_user acesss with access_ok for uprobe_multi data", 2026): the offsets, ref_ctr_offsets and cookies arrays come from u64_to_user_ptr() of attribute fields and are read entry by entry with __get_user() in the same function; nothing checks any of them with access_ok().
 * check-level: 0
 *
 * check-output-start
family_uprobe_multi.c:64:21: warning: __get_user() on 'uoffsets' is not validated by access_ok() on every path; get_user() checks it [-Wuaccess-unchecked]
family_uprobe_multi.c:64:21: note: no check of 'uoffsets' was found
family_uprobe_multi.c:67:21: warning: __get_user() on 'uref_ctr_offsets' is not validated by access_ok() on every path; get_user() checks it [-Wuaccess-unchecked]
family_uprobe_multi.c:67:21: note: no check of 'uref_ctr_offsets' was found
family_uprobe_multi.c:69:33: warning: __get_user() on 'ucookies' is not validated by access_ok() on every path; get_user() checks it [-Wuaccess-unchecked]
family_uprobe_multi.c:69:33: note: no check of 'ucookies' was found
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/types.h>
#include <linux/uaccess.h>

#define UC_UPROBE_MAX	64

struct uc_umulti_attr {
	__u64 offsets;
	__u64 ref_ctr_offsets;
	__u64 cookies;
	__u32 cnt;
	__u32 flags;
};

struct uc_uprobe {
	unsigned long offset;
	unsigned long ref_ctr_offset;
	u64 cookie;
};

int uc_umulti_attach(const struct uc_umulti_attr *attr, struct uc_uprobe **out);
int uc_umulti_attach(const struct uc_umulti_attr *attr, struct uc_uprobe **out)
{
	unsigned long __user *uref_ctr_offsets;
	unsigned long __user *uoffsets;
	struct uc_uprobe *uprobes;
	u64 __user *ucookies;
	u32 cnt, i;

	uoffsets = u64_to_user_ptr(attr->offsets);
	cnt = attr->cnt;
	if (!uoffsets || !cnt)
		return -EINVAL;
	if (cnt > UC_UPROBE_MAX)
		return -E2BIG;

	uref_ctr_offsets = u64_to_user_ptr(attr->ref_ctr_offsets);
	ucookies = u64_to_user_ptr(attr->cookies);

	uprobes = kcalloc(cnt, sizeof(*uprobes), GFP_KERNEL);
	if (!uprobes)
		return -ENOMEM;

	for (i = 0; i < cnt; i++) {
		if (__get_user(uprobes[i].offset, uoffsets + i))
			goto efault;
		if (uref_ctr_offsets &&
		    __get_user(uprobes[i].ref_ctr_offset, uref_ctr_offsets + i))
			goto efault;
		if (ucookies && __get_user(uprobes[i].cookie, ucookies + i))
			goto efault;
	}
	*out = uprobes;
	return 0;
efault:
	kfree(uprobes);
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(uc_umulti_attach);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: __get_user() on three attribute arrays with no access_ok()");
